/**
 * Entry point of an embedding thread (node:worker_threads): loads one copy of the local model, then
 * answers `{ id, texts }` with the texts' vectors, one batch at a time. The event loop that spawned it
 * stays free while the model works. Bundled as `dist/embedding-thread.js` (tools/scripts/build.js);
 * from source it runs through tsx (see embedding-thread.ts).
 */
import { parentPort } from 'node:worker_threads';
import type { FromEmbeddingThread, ToEmbeddingThread } from './embedding-thread.messages';
import { localTextVectors } from './local-text-vectors';
import { loadUseLiteEncoder } from './use-lite-encoder';

const port = parentPort;
if (!port) throw new Error('embedding-thread.worker must run in a worker thread');
const send = (message: FromEmbeddingThread) => port.postMessage(message);

/** The first pass of a fresh model is several times slower (kernels warm up): pay it before serving. */
async function loadWarmEncoder() {
  const encoder = await loadUseLiteEncoder();
  await localTextVectors(encoder, ['warm up the model']);
  return encoder;
}

loadWarmEncoder().then(
  (encoder) => {
    // The thread answers in arrival order: a pass is synchronous CPU work once it starts.
    port.on('message', ({ id, texts }: ToEmbeddingThread) => {
      localTextVectors(encoder, texts).then(
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

/** The model's own error text (it never quotes the input), for the cause of the main thread's error. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'unknown error';
}
