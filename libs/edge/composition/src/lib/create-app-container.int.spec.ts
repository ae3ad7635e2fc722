/**
 * Shutting the app down on the embedded default: the writes remember and recall leave to the
 * background (the thread link to the next memory, the access count of what was recalled) land before
 * the store closes, so `close()` right after a recall loses nothing and logs no failure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '@kioku/config';
import { MemoryRepository, RecallUseCase, RememberUseCase } from '@kioku/memory';
import { CapturingLogSink } from '@kioku/testing-fakes';
import { createAppContainer } from './create-app-container';

describe('createAppContainer close()', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kioku-composition-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = parseConfig({ KIOKU_DATA_DIR: dataDir, KIOKU_EMBEDDING_THREADS: '0' });
  const context = { namespace: config.namespace, callerId: 'test' };

  it('lets the background writes of remember and recall finish before the embedded store stops', async () => {
    const logs = new CapturingLogSink();
    const app = await createAppContainer(config, { appName: 'test', logSink: logs });
    const remember = app.container.get(RememberUseCase);
    const first = await remember.execute({ content: 'The ferry to the island leaves at seven' }, context);
    const second = await remember.execute({ content: 'Bring the red umbrella to the concert' }, context);
    const recalled = await app.container
      .get(RecallUseCase)
      .execute({ query: 'ferry to the island' }, context);
    await app.close();
    if (first.status !== 'saved' || second.status !== 'saved') throw new Error('not saved');
    expect(recalled.results.map((r) => r.memory.id)).toContain(first.memory.id);
    expect(logs.records.filter((r) => r.level === 'warn' || r.level === 'error')).toEqual([]);

    const reopened = await createAppContainer(config, { appName: 'test', logSink: new CapturingLogSink() });
    try {
      const stored = await reopened.container
        .get(MemoryRepository)
        .getOne(context.namespace, first.memory.id);
      expect(stored?.memory.followingId).toBe(second.memory.id);
      expect(stored?.memory.accessCount).toBe(1);
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
