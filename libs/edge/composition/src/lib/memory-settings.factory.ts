/**
 * Effective memory settings: the seeds' defaults, then the embedding provider's calibrated
 * thresholds and recall weights, then explicit configuration (behaviour §4).
 */
import type { ForgettingConfig, ThresholdOverrides } from '@kioku/config';
import type { EmbeddingProvider } from '@kioku/embeddings';
import { DEFAULT_MEMORY_SETTINGS, type MemorySettings } from '@kioku/memory';

export function memorySettingsFor(
  provider: EmbeddingProvider,
  overrides: ThresholdOverrides,
  forgetting: ForgettingConfig,
): MemorySettings {
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  return {
    ...DEFAULT_MEMORY_SETTINGS,
    ...provider.calibratedThresholds,
    ...provider.recallWeights,
    ...defined,
    protectedCategories: forgetting.protectedCategories,
  };
}
