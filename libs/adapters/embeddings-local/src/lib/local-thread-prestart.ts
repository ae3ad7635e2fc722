/**
 * The local model's first thread, started before any provider exists and adopted by the first
 * provider that starts a thread. Kept on `globalThis`, not in this module: `kioku mcp` is two bundles
 * (its entry answers the handshake, the server loads after it), each with its own copy of this file,
 * and the thread one starts is the thread the other adopts.
 */
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { EmbeddingThread } from '@kioku/embedding-threads';

/** Built by tools/scripts/build.js beside `dist/<command>.js`. */
const LOCAL_THREAD = {
  bundled: 'embedding-thread.js',
  source: join(__dirname, 'embedding-thread.worker.ts'),
};

/** Where bin/kioku leaves the worker it started for `kioku mcp` before loading anything. */
const LAUNCHER_WORKER = Symbol.for('kioku.preStartedEmbeddingWorker');
/** The pre-started thread, until a provider adopts it or the configuration ends it. */
const PRE_STARTED = Symbol.for('kioku.preStartedEmbeddingThread');

const slots = globalThis as { [LAUNCHER_WORKER]?: Worker; [PRE_STARTED]?: EmbeddingThread };

/**
 * Starts the first thread's model load now, ahead of the container: a process that must answer soon
 * (`kioku mcp` over stdio) loads the model on another core while it loads its protocol libraries,
 * instead of after them. The worker bin/kioku started, if any, is taken over; this runs in the same
 * turn of the event loop as bin/kioku, so none of its messages is missed. Idempotent; the next
 * `LocalThreadedEmbeddingProvider` adopts the thread.
 */
export function preStartLocalEmbeddingThread(): EmbeddingThread {
  const launched = slots[LAUNCHER_WORKER];
  delete slots[LAUNCHER_WORKER];
  slots[PRE_STARTED] ??= launched ? new EmbeddingThread(LOCAL_THREAD, launched) : newLocalThread();
  return slots[PRE_STARTED];
}

/** Ends the pre-started thread if no provider has adopted it (the configuration chose otherwise). */
export function cancelPreStartedLocalEmbeddingThread(): void {
  void slots[PRE_STARTED]?.terminate();
  delete slots[PRE_STARTED];
}

/** The pre-started thread, once, or else a new one. */
export function startLocalEmbeddingThread(): EmbeddingThread {
  const thread = slots[PRE_STARTED] ?? newLocalThread();
  delete slots[PRE_STARTED];
  return thread;
}

function newLocalThread(): EmbeddingThread {
  return new EmbeddingThread(LOCAL_THREAD);
}
