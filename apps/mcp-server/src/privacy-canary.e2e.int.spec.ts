/**
 * The privacy canary (design note 003, behaviour §10): a unique string planted in private memories must appear
 * in no log file, no workspace file and no error text — at every log level — after every tool has
 * run over them; only the agent-facing responses that behaviour Â§10 allows may show it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callTool, type ToolCall } from './testing/call-tool';
import { filesUnder } from './testing/files-under';
import { startStdioKioku } from './testing/stdio-client';

const LEVELS = ['debug', 'info', 'warn', 'error'] as const;

describe.each(LEVELS)('private content never leaves through outputs (log level %s)', (level) => {
  it('every tool, every log, every workspace file, every error text', async () => {
    const canary = `CANARY${randomBytes(6).toString('hex')}`;
    const workspace = mkdtempSync(join(tmpdir(), 'kioku-canary-ws-'));
    const kioku = await startStdioKioku({
      KIOKU_LOG_LEVEL: level,
      KIOKU_WORKSPACE_DIR: workspace,
      KIOKU_FORGET_CONFIRM_SECONDS: '60',
    });
    const responses: ToolCall[] = [];
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await callTool(kioku.client, name, args);
      responses.push(result);
      return result;
    };
    try {
      const secret = await call('remember', {
        content: `My ${canary} secret: I am afraid of deep water since childhood.`,
        private: true,
        tags: [`tag-${canary}`, 'water'],
        secondary: ['afraid'],
        emotion: 'anxious',
        category: 'feeling',
        importance: 4,
      });
      const secretId: string = secret.data.memory.id;
      const secondSecret = await call('remember', {
        content: `${canary} I still think about the accident.`,
        private: true,
        category: 'introspection',
      });
      const publicMemory = await call('remember', {
        content: 'We swam in the lake last summer.',
        emotion: 'happy',
      });
      await call('remember', {
        content: 'An introspection in the open: I like quiet mornings.',
        category: 'introspection',
      });
      await call('remember', {
        content: `My ${canary} secret: I am afraid of deep water since childhood.`,
        private: true,
      });
      await call('remember', { content: `${canary} ${'x'.repeat(16_001)}`, private: true });

      const recall = await call('recall', { query: 'afraid of deep water', n_results: 5 });
      expect(recall.text).toContain(canary);
      await call('update_memory', {
        memory_id: secretId,
        content: `My ${canary} secret, revised: deep water still scares me.`,
        importance: 3,
      });
      await call('update_memory', { memory_id: secretId, tags: [`new-${canary}`] });
      await call('link_memories', {
        source_id: secretId,
        target_id: publicMemory.data.memory.id,
        note: 'both about water',
      });
      const episode = await call('create_episode', {
        memory_ids: [secretId, publicMemory.data.memory.id],
        summary: 'Water',
      });
      await call('get_episode', { episode_id: episode.data.episodeId });
      await call('wake_up', {});
      await call('consolidate', {});
      await call('forget', { query: 'deep water' });
      await call('forget', { memory_id: secretId });
      await call('forget', { memory_id: secretId });
      await call('restore', { memory_id: secretId });
      await call('forget', { sweep: true });
      await call('merge_memories', {
        keep_id: secretId,
        remove_id: secondSecret.data.memory.id,
        merged_content: `${canary} merged secret`,
      });
      await call('recall', { query: 'merged secret', n_results: 3 });
    } finally {
      await kioku.client.close();
    }

    const leaks = [
      ...filesUnder(kioku.dataDir).filter((f) => f.path.endsWith('.log') || f.path.endsWith('.json')),
      ...filesUnder(workspace),
      ...responses.filter((r) => r.isError).map((r, i) => ({ path: `error response ${i}`, text: r.text })),
    ].filter((f) => f.text.includes(canary));
    expect(responses.some((r) => r.isError)).toBe(true);
    if (level === 'debug' || level === 'info') {
      const log = filesUnder(kioku.dataDir).find((f) => f.path === kioku.logFile)?.text ?? '';
      expect(log).toContain('"event":"tool.invoke"');
      expect(log).toContain('[REDACTED_PRIVATE_MEMORY]');
    }
    expect(leaks.map((l) => l.path)).toEqual([]);
    rmSync(workspace, { recursive: true, force: true });
    rmSync(kioku.dataDir, { recursive: true, force: true });
  }, 120_000);
});
