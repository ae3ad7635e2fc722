/**
 * The local model in worker threads (`ThreadedEmbeddingProvider`), each thread with its own copy of
 * USE-lite (~120 MB RSS each, measured). Vectors are identical to `LocalEmbeddingProvider`'s: both
 * run `localTextVectors`.
 */
import {
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
import { startLocalEmbeddingThread } from './local-thread-prestart';

/** The configured `LocalEmbeddingsSettings` (threads 2 by default …) and the pool's tuning. */
export type LocalThreadedEmbeddingProviderOptions = ThreadedEmbeddingProviderOptions;

const LOCAL_ENGINE: ThreadedEngine = {
  name: 'local',
  modelId: LOCAL_EMBEDDING_MODEL_ID,
  dimension: LOCAL_EMBEDDING_DIMENSION,
  calibratedThresholds: LOCAL_CALIBRATED_THRESHOLDS,
  recallWeights: LOCAL_RECALL_WEIGHTS,
  startThread: () => startLocalEmbeddingThread(),
};

export class LocalThreadedEmbeddingProvider extends ThreadedEmbeddingProvider {
  constructor(options: LocalThreadedEmbeddingProviderOptions = {}) {
    super(LOCAL_ENGINE, options);
  }
}
