/** Public API of @kioku/config: what other projects use; everything else is internal. */
export {
  type ChromaEmbeddedSettings,
  type SqliteStoreSettings,
  type ChromaServerSettings,
  type LocalEmbeddingsSettings,
  type OllamaSettings,
  type OnnxEmbeddingsSettings,
  type QdrantSettings,
  type QdrantWriteOrdering,
} from './lib/adapter-settings';
export { ConfigError } from './lib/config.errors';
export { envSchema } from './lib/env-schema';
export {
  type EmbeddingsConfig,
  type EnvSource,
  type ForgettingConfig,
  type KiokuConfig,
  type ThresholdOverrides,
  type VectorStoreConfig,
  loadConfig,
  loadConfigWith,
  parseConfig,
  parseWith,
} from './lib/kioku-config';
