/**
 * The one place that maps configuration to adapter modules (STYLE.md: no giant switch elsewhere,
 * no SDK imports outside adapters).
 */
import type { ContainerModule } from 'inversify';
import type { EmbeddingsConfig, VectorStoreConfig } from '@kioku/config';
import { vectorStoreMemoryModule } from '@kioku/vector-store-memory';
import { vectorStoreChromaEmbeddedModule, vectorStoreChromaModule } from '@kioku/vector-store-chroma';
import { embeddingsLocalModule } from '@kioku/embeddings-local';

export function vectorStoreModule(config: VectorStoreConfig): ContainerModule {
  switch (config.kind) {
    case 'memory':
      return vectorStoreMemoryModule();
    case 'chroma':
      return vectorStoreChromaModule({ url: config.url });
    case 'chroma-embedded':
      return vectorStoreChromaEmbeddedModule({ dataDir: config.dataDir });
  }
}

export function embeddingsModule(config: EmbeddingsConfig): ContainerModule {
  switch (config.kind) {
    case 'local':
      return embeddingsLocalModule();
  }
}
