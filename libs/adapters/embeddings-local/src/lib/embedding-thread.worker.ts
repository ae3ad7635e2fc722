/**
 * Entry point of the local model's embedding thread: one copy of USE-lite, served by
 * `serveEmbeddingThread`. Bundled as `dist/embedding-thread.js` (tools/scripts/build.js); from source
 * it runs through tsx (see EmbeddingThread).
 */
import { serveEmbeddingThread } from '@kioku/embedding-threads';
import { localTextVectors } from './local-text-vectors';
import { loadUseLiteEncoder } from './use-lite-encoder';

/** The first pass of a fresh model is several times slower (kernels warm up): pay it before serving. */
serveEmbeddingThread(async () => {
  const encoder = await loadUseLiteEncoder();
  await localTextVectors(encoder, ['warm up the model']);
  return (texts) => localTextVectors(encoder, texts);
});
