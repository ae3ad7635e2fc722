/**
 * One embedding thread, seen from the event loop: spawns the engine's worker script, waits for its
 * model, and turns its messages back into promises.
 *
 * A thread keeps the process alive only while it has work (loading or a batch in flight): when idle it
 * is `unref()`'d, so a short-lived command (`kioku reindex`, `kioku worker --once`) exits as soon as
 * its own work is done, without waiting for or terminating the thread. `terminate()` ends it for good.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FromEmbeddingThread, ToEmbeddingThread } from './embedding-thread.messages';

/** Where an engine's worker script is: bundled beside `dist/<command>.js`, or its TypeScript source. */
export interface EmbeddingThreadScript {
  /** The file tools/scripts/build.js writes beside the command bundles, e.g. `embedding-thread.js`. */
  bundled: string;
  /** Absolute path of the worker's TypeScript source (run through tsx in Jest and from source). */
  source: string;
  /** Handed to the worker as `workerData` (structured-cloned), e.g. where its model's files are. */
  workerData?: unknown;
}

interface PendingBatch {
  resolve(vectors: number[][]): void;
  reject(error: Error): void;
}

export class EmbeddingThread {
  /** Settles when the model is loaded (or failed to load); a failed thread has exited. */
  readonly ready: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, PendingBatch>();
  private nextId = 0;
  private loading = true;
  private deadReason?: Error;

  /** `started`: the script's worker, already spawned by whoever could start it sooner (bin/kioku). */
  constructor(script: EmbeddingThreadScript, started?: Worker) {
    this.worker = started ?? spawnThreadWorker(script);
    this.ready = new Promise<void>((resolve, reject) => {
      this.worker.on('message', (message: FromEmbeddingThread) => {
        switch (message.kind) {
          case 'ready':
            this.loading = false;
            this.refWhileBusy();
            resolve();
            return;
          case 'load-failed': {
            const failure = new Error(`model load failed: ${message.message}`);
            this.die(failure);
            reject(failure);
            return;
          }
          case 'vectors':
          case 'failed':
            this.settle(message);
            return;
        }
      });
      this.worker.on('error', (error) => {
        this.die(error);
        reject(error);
      });
      this.worker.on('exit', (code) => {
        const error = new Error(`embedding thread exited (code ${code})`);
        this.die(error);
        reject(error);
      });
    });
    // A rejection is always observed through `ready` or a batch; this only stops an unhandled report.
    this.ready.catch(() => undefined);
  }

  /** Whether the thread can take work (loaded, not exited). */
  get alive(): boolean {
    return !this.loading && this.deadReason === undefined;
  }

  /** Embeds one batch; rejects if the model fails or the thread dies first. */
  embed(texts: string[]): Promise<number[][]> {
    if (this.deadReason) return Promise.reject(this.deadReason);
    const id = this.nextId++;
    const promise = new Promise<number[][]>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.refWhileBusy();
    const message: ToEmbeddingThread = { id, texts };
    this.worker.postMessage(message);
    return promise;
  }

  async terminate(): Promise<void> {
    this.die(new Error('embedding thread terminated'));
    await this.worker.terminate();
  }

  private settle(message: Extract<FromEmbeddingThread, { id: number }>): void {
    const batch = this.pending.get(message.id);
    if (!batch) return;
    this.pending.delete(message.id);
    this.refWhileBusy();
    if (message.kind === 'vectors') batch.resolve(message.vectors);
    else batch.reject(new Error(`embedding failed: ${message.message}`));
  }

  private die(reason: Error): void {
    if (this.deadReason) return;
    this.deadReason = reason;
    for (const batch of this.pending.values()) batch.reject(reason);
    this.pending.clear();
  }

  private refWhileBusy(): void {
    if (this.loading || this.pending.size > 0) this.worker.ref();
    else this.worker.unref();
  }
}

/**
 * The bundled script when kioku runs from dist/; otherwise (Jest, tsx) the TypeScript source, through
 * tsx: a worker thread starts without the parent's loader, so it registers tsx itself first.
 */
function spawnThreadWorker({ bundled, source, workerData }: EmbeddingThreadScript): Worker {
  const bundledPath = join(__dirname, bundled);
  if (existsSync(bundledPath)) return new Worker(bundledPath, { workerData });
  const tsx = require.resolve('tsx/cjs/api');
  return new Worker(`require(${JSON.stringify(tsx)}).register();\nrequire(${JSON.stringify(source)});`, {
    eval: true,
    workerData,
  });
}
