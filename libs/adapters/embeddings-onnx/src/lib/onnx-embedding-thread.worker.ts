/**
 * Entry point of an ONNX embedding thread: one session of the model named in `workerData`, served by
 * `serveEmbeddingThread`. Bundled as `dist/onnx-embedding-thread.js` (tools/scripts/build.js); from
 * source it runs through tsx (see EmbeddingThread).
 */
import { workerData } from 'node:worker_threads';
import { serveEmbeddingThread } from '@kioku/embedding-threads';
import { loadOnnxTextEncoder, type OnnxEncoderSetup } from './onnx-text-encoder';

/** The first pass of a fresh session is slower (allocations, kernel choice): pay it before serving. */
serveEmbeddingThread(async () => {
  const embed = await loadOnnxTextEncoder(workerData as OnnxEncoderSetup);
  await embed(['warm up the model']);
  return embed;
});
