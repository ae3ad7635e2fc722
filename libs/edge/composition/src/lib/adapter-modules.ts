/**
 * The one place that maps configuration to adapter modules (STYLE.md: no giant switch elsewhere,
 * no SDK imports outside adapters).
 */
import type { ContainerModule } from 'inversify';
import type { EmbeddingsConfig, VectorStoreConfig } from '@kioku/config';
import { vectorStoreMemoryModule } from '@kioku/vector-store-memory';
import { vectorStoreChromaEmbeddedModule, vectorStoreChromaModule } from '@kioku/vector-store-chroma';
import { vectorStoreQdrantModule } from '@kioku/vector-store-qdrant';
import { embeddingsLocalModule } from '@kioku/embeddings-local';
import { embeddingsOllamaModule } from '@kioku/embeddings-ollama';

export function vectorStoreModule(config: VectorStoreConfig): ContainerModule {
  switch (config.kind) {
    case 'memory':
      return vectorStoreMemoryModule();
    case 'chroma':
      return vectorStoreChromaModule({ url: config.url, lexicalIndexFile: config.lexicalIndexFile });
    case 'chroma-embedded':
      return vectorStoreChromaEmbeddedModule({ dataDir: config.dataDir });
    case 'qdrant':
      return vectorStoreQdrantModule({
        url: config.url,
        apiKey: config.apiKey,
        requestTimeoutMs: config.requestTimeoutMs,
        shardNumber: config.shardNumber,
        replicationFactor: config.replicationFactor,
        writeConsistencyFactor: config.writeConsistencyFactor,
        writeOrdering: config.writeOrdering,
      });
  }
}

export function embeddingsModule(config: EmbeddingsConfig): ContainerModule {
  switch (config.kind) {
    case 'local':
      return embeddingsLocalModule({
        threads: config.threads,
        longTextCharacters: config.longTextCharacters,
        maxQueuedShortTexts: config.maxQueuedShortTexts,
        maxQueuedLongTexts: config.maxQueuedLongTexts,
      });
    case 'ollama':
      return embeddingsOllamaModule({
        url: config.url,
        model: config.model,
        timeoutMs: config.timeoutMs,
        dimension: config.dimension,
      });
  }
}
