/**
 * @kioku/embeddings-local/prestart: starting the model's first thread early, without loading the rest
 * of the adapter (its DI module pulls in inversify); see `preStartLocalEmbeddingThread`.
 */
export {
  cancelPreStartedLocalEmbeddingThread,
  preStartLocalEmbeddingThread,
} from './lib/local-thread-prestart';
