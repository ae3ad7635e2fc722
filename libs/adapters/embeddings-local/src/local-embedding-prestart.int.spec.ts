/**
 * A thread started before the provider exists (`kioku mcp` starts the model before loading the MCP
 * SDK) is the one the provider then uses: no second copy of the model is loaded for it, and disposing
 * of the provider ends it.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { LocalThreadedEmbeddingProvider } from './lib/local-embedding-threads';
import { startLocalEmbeddingThread } from './lib/local-thread-prestart';
import { preStartLocalEmbeddingThread } from './prestart';

describe('preStartLocalEmbeddingThread', () => {
  it('starts one thread however often it is called, and hands it out once', async () => {
    const early = preStartLocalEmbeddingThread();
    expect(preStartLocalEmbeddingThread()).toBe(early);
    expect(startLocalEmbeddingThread()).toBe(early);
    const next = startLocalEmbeddingThread();
    expect(next).not.toBe(early);
    await Promise.all([early.terminate(), next.terminate()]);
  });

  it('is adopted by the next provider, which embeds with it and ends it on dispose', async () => {
    const early = preStartLocalEmbeddingThread();
    const provider = new LocalThreadedEmbeddingProvider({ threads: 1 });
    await provider.init();
    await early.ready;
    const [vector] = await provider.embed(['the user drinks green tea in the morning']);
    expect(vector).toHaveLength(provider.dimension);
    expect(early.alive).toBe(true);
    await provider.dispose();
    await expect(early.embed(['after dispose'])).rejects.toThrow('terminated');
  });

  it('takes over the worker bin/kioku started before loading the bundle, once', async () => {
    // What bin/kioku does for `kioku mcp`, with the thread's source in place of dist/embedding-thread.js.
    const source = join(__dirname, 'lib', 'embedding-thread.worker.ts');
    const launched = new Worker(
      `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register();\nrequire(${JSON.stringify(source)});`,
      { eval: true },
    );
    const slot = Symbol.for('kioku.preStartedEmbeddingWorker');
    (globalThis as Record<symbol, unknown>)[slot] = launched;
    const exited = new Promise((resolve) => launched.once('exit', resolve));

    const thread = preStartLocalEmbeddingThread();
    expect(slot in globalThis).toBe(false);
    await thread.ready;
    const [vector] = await thread.embed(['the user drinks green tea in the morning']);
    expect(vector.length).toBeGreaterThan(0);
    expect(startLocalEmbeddingThread()).toBe(thread);
    await thread.terminate();
    await exited; // the launcher's worker is the thread that was ended
  });
});
