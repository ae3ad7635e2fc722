/**
 * The worker side of an embedding thread (node:worker_threads): loads one copy of an engine's model,
 * then answers `{ id, texts }` with the texts' vectors, one batch at a time, so the event loop that
 * spawned it stays free while the model works. Each engine's worker script is one call of this.
 */
import { getPriority, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { FromEmbeddingThread, ToEmbeddingThread } from './embedding-thread.messages';

/** Added to the thread's nice value (a larger one yields the CPU first); 19 is the most there is. */
const EMBEDDING_THREAD_NICENESS = 10;
const MOST_NICE = 19;

/** One loaded model: one unit vector per text, same order (texts already checked as embeddable). */
export type EmbedBatch = (texts: string[]) => Promise<number[][]>;

/**
 * Runs `load` (which should also pay the model's slow first pass), then serves batches. A failed load
 * is reported and the thread exits.
 */
export function serveEmbeddingThread(load: () => Promise<EmbedBatch>): void {
  const port = parentPort;
  if (!port) throw new Error('an embedding thread must run in a worker thread');
  const send = (message: FromEmbeddingThread) => port.postMessage(message);
  yieldToTheEventLoop();
  load().then(
    (embed) => {
      // The thread answers in arrival order: a pass is synchronous CPU work once it starts.
      port.on('message', ({ id, texts }: ToEmbeddingThread) => {
        embed(texts).then(
          (vectors) => send({ kind: 'vectors', id, vectors }),
          (error: unknown) => send({ kind: 'failed', id, message: messageOf(error) }),
        );
      });
      send({ kind: 'ready' });
    },
    (error: unknown) => {
      send({ kind: 'load-failed', message: messageOf(error) });
      port.close();
    },
  );
}

/** The model's own error text (it never quotes the input), for the cause of the main thread's error. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'unknown error';
}

/**
 * Linux keeps a nice value per thread: this thread (and any thread its engine starts later) yields the
 * CPU to the process's event loop, which answers requests, and to the rest of the machine. Elsewhere
 * the call would lower the whole process's priority, so it is left alone.
 */
function yieldToTheEventLoop(): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(0, Math.min(MOST_NICE, getPriority(0) + EMBEDDING_THREAD_NICENESS));
  } catch {
    // A container may forbid it; the thread then runs at the process's priority, as before.
  }
}
