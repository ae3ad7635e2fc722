/**
 * The one place that maps configuration to adapter modules (no switch over backends elsewhere,
 * no SDK imports outside adapters: docs/architecture.md).
 */
import type { ContainerModule } from 'inversify';
import type { EmbeddingsConfig, VectorStoreConfig } from '@kioku/config';
import { vectorStoreMemoryModule } from '@kioku/vector-store-memory';
import { vectorStoreChromaEmbeddedModule, vectorStoreChromaModule } from '@kioku/vector-store-chroma';
import { vectorStoreQdrantModule } from '@kioku/vector-store-qdrant';
import { vectorStoreSqliteModule } from '@kioku/vector-store-sqlite';
import { embeddingsLocalModule } from '@kioku/embeddings-local';
import { embeddingsOllamaModule } from '@kioku/embeddings-ollama';
import { embeddingsOnnxModule } from '@kioku/embeddings-onnx';

/** Each adapter module takes its backend's parsed settings as they are (declared once, in the config). */
export function vectorStoreModule(config: VectorStoreConfig): ContainerModule {
  switch (config.kind) {
    case 'sqlite':
      return vectorStoreSqliteModule(config);
    case 'memory':
      return vectorStoreMemoryModule();
    case 'chroma':
      return vectorStoreChromaModule(config);
    case 'chroma-embedded':
      return vectorStoreChromaEmbeddedModule(config);
    case 'qdrant':
      return vectorStoreQdrantModule(config);
  }
}

export function embeddingsModule(config: EmbeddingsConfig): ContainerModule {
  switch (config.kind) {
    case 'local':
      return embeddingsLocalModule(config);
    case 'onnx':
      return embeddingsOnnxModule(config);
    case 'ollama':
      return embeddingsOllamaModule(config);
  }
}
