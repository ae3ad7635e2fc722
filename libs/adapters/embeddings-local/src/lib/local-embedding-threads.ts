/**
 * The local model in worker threads (`ThreadedEmbeddingProvider`), each thread with its own copy of
 * USE-lite (~120 MB RSS each, measured). Vectors are identical to `LocalEmbeddingProvider`'s: both
 * run `localTextVectors`.
 */
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import {
  EmbeddingThread,
  ThreadedEmbeddingProvider,
  type ThreadedEmbeddingProviderOptions,
  type ThreadedEngine,
} from '@kioku/embedding-threads';
import {
  LOCAL_CALIBRATED_THRESHOLDS,
  LOCAL_EMBEDDING_DIMENSION,
  LOCAL_EMBEDDING_MODEL_ID,
  LOCAL_RECALL_WEIGHTS,
} from './local-embedding-provider.adapter';

/** The configured `LocalEmbeddingsSettings` (threads 2 by default …) and the pool's tuning. */
export type LocalThreadedEmbeddingProviderOptions = ThreadedEmbeddingProviderOptions;

/** Built by tools/scripts/build.js beside `dist/<command>.js`. */
const LOCAL_THREAD_SCRIPT = 'embedding-thread.js';

const LOCAL_ENGINE: ThreadedEngine = {
  name: 'local',
  modelId: LOCAL_EMBEDDING_MODEL_ID,
  dimension: LOCAL_EMBEDDING_DIMENSION,
  calibratedThresholds: LOCAL_CALIBRATED_THRESHOLDS,
  recallWeights: LOCAL_RECALL_WEIGHTS,
  startThread: () => startLocalEmbeddingThread(),
};

/** A thread started before any provider exists; the first provider to start a thread adopts it. */
let preStarted: EmbeddingThread | undefined;

/** Where bin/kioku leaves the worker it started for `kioku mcp` before loading the bundle. */
const LAUNCHER_WORKER = Symbol.for('kioku.preStartedEmbeddingWorker');

/**
 * Starts the first thread's model load now, ahead of the container: a process that must answer soon
 * (`kioku mcp` over stdio) loads the model on another core while it loads its protocol libraries,
 * instead of after them. The worker bin/kioku started, if any, is taken over (its messages wait for
 * the event loop, so none is missed). Idempotent; the next `LocalThreadedEmbeddingProvider` adopts
 * the thread.
 */
export function preStartLocalEmbeddingThread(): EmbeddingThread {
  const slots = globalThis as { [LAUNCHER_WORKER]?: Worker };
  const started = slots[LAUNCHER_WORKER];
  delete slots[LAUNCHER_WORKER];
  preStarted ??= started ? new EmbeddingThread(LOCAL_THREAD, started) : newLocalThread();
  return preStarted;
}

/** Ends the pre-started thread if no provider has adopted it (the configuration chose otherwise). */
export function cancelPreStartedLocalEmbeddingThread(): void {
  void preStarted?.terminate();
  preStarted = undefined;
}

/** The pre-started thread, once, or else a new one. */
export function startLocalEmbeddingThread(): EmbeddingThread {
  const thread = preStarted ?? newLocalThread();
  preStarted = undefined;
  return thread;
}

const LOCAL_THREAD = { bundled: LOCAL_THREAD_SCRIPT, source: join(__dirname, 'embedding-thread.worker.ts') };

function newLocalThread(): EmbeddingThread {
  return new EmbeddingThread(LOCAL_THREAD);
}

export class LocalThreadedEmbeddingProvider extends ThreadedEmbeddingProvider {
  constructor(options: LocalThreadedEmbeddingProviderOptions = {}) {
    super(LOCAL_ENGINE, options);
  }
}
