/**
 * The ONNX provider hands its calls to the threads' scheduler as they came, priority included:
 * recall's interactive query goes ahead of writes queued before it (stand-in threads; the model itself
 * runs in the contract and wire specs).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EmbeddingThread } from '@kioku/embedding-threads';
import { testModel, writeModelFolder } from '../testing/test-model-folder';
import { OnnxEmbeddingProvider } from './onnx-embedding-provider.adapter';

describe('OnnxEmbeddingProvider scheduling', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-onnx-priority-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves an interactive call before the standard texts queued ahead of it', async () => {
    const passes: string[][] = [];
    const releases: (() => void)[] = [];
    const startThread = () =>
      ({
        ready: Promise.resolve(),
        alive: true,
        embed: (texts: string[]) => {
          passes.push(texts);
          return new Promise<number[][]>((resolve) => releases.push(() => resolve(texts.map(() => [1]))));
        },
        terminate: async () => undefined,
      }) as unknown as EmbeddingThread;
    const provider = new OnnxEmbeddingProvider({
      model: writeModelFolder(join(dir, 'model'), testModel()),
      modelsDir: join(dir, 'models'),
      hubUrl: 'http://127.0.0.1:9',
      threads: 1,
      lingerMs: 0,
      startThread,
    });
    await provider.init();
    const first = provider.embed(['first note']);
    await sleep(20);
    const notes = provider.embed(['second note']);
    const query = provider.embed(['what is in the notes'], { priority: 'interactive' });
    await sleep(20);
    for (let pass = 0; pass < 3; pass++) {
      releases.shift()?.();
      await sleep(20);
    }
    await Promise.all([first, notes, query]);
    expect(passes).toEqual([['first note'], ['what is in the notes'], ['second note']]);
  });
});
