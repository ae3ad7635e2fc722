/**
 * The one place that maps configuration to adapter modules (no switch over backends elsewhere,
 * no SDK imports outside adapters: docs/architecture.md). Each adapter module takes its backend's
 * parsed settings as they are (declared once, in the config).
 *
 * The adapters of servers (Chroma, Qdrant, Ollama) are required when configured, not imported above:
 * they load their clients as they load (Qdrant's loads undici), and `kioku mcp` on the default would
 * otherwise spend ~0.2 s of its start on backends it does not use (measured).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- lazy on purpose, see above */
import type { ContainerModule } from 'inversify';
import type { EmbeddingsConfig, VectorStoreConfig } from '@kioku/config';
import { vectorStoreMemoryModule } from '@kioku/vector-store-memory';
import { vectorStoreSqliteModule } from '@kioku/vector-store-sqlite';
import { embeddingsLocalModule } from '@kioku/embeddings-local';
import { embeddingsOnnxModule } from '@kioku/embeddings-onnx';

type ChromaAdapter = typeof import('@kioku/vector-store-chroma');

export function vectorStoreModule(config: VectorStoreConfig): ContainerModule {
  switch (config.kind) {
    case 'sqlite':
      return vectorStoreSqliteModule(config);
    case 'memory':
      return vectorStoreMemoryModule();
    case 'chroma':
      return (require('@kioku/vector-store-chroma') as ChromaAdapter).vectorStoreChromaModule(config);
    case 'chroma-embedded':
      return (require('@kioku/vector-store-chroma') as ChromaAdapter).vectorStoreChromaEmbeddedModule(config);
    case 'qdrant': {
      const { vectorStoreQdrantModule } =
        require('@kioku/vector-store-qdrant') as typeof import('@kioku/vector-store-qdrant');
      return vectorStoreQdrantModule(config);
    }
  }
}

export function embeddingsModule(config: EmbeddingsConfig): ContainerModule {
  switch (config.kind) {
    case 'local':
      return embeddingsLocalModule(config);
    case 'onnx':
      return embeddingsOnnxModule(config);
    case 'ollama': {
      const { embeddingsOllamaModule } =
        require('@kioku/embeddings-ollama') as typeof import('@kioku/embeddings-ollama');
      return embeddingsOllamaModule(config);
    }
  }
}
