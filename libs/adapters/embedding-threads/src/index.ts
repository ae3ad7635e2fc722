/** Public API of @kioku/embedding-threads: an embedding engine run in worker threads, and a thread's side. */
export { EmbeddingThread } from './lib/embedding-thread';
export { serveEmbeddingThread, type EmbedBatch } from './lib/embedding-thread.serve';
export {
  ThreadedEmbeddingProvider,
  type ThreadedEmbeddingProviderOptions,
  type ThreadedEngine,
} from './lib/threaded-embedding-provider';
