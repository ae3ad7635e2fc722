/**
 * The worker side of an embedding thread (node:worker_threads): loads one copy of an engine's model,
 * then answers `{ id, texts }` with the texts' vectors, one batch at a time, so the event loop that
 * spawned it stays free while the model works. Each engine's worker script is one call of this.
 */
import { parentPort } from 'node:worker_threads';
import type { FromEmbeddingThread, ToEmbeddingThread } from './embedding-thread.messages';

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
