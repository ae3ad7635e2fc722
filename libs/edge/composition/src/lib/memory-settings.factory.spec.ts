import type { EmbeddingProvider } from '@kioku/embeddings';
import { DEFAULT_MEMORY_SETTINGS } from '@kioku/memory';
import { memorySettingsFor } from './memory-settings.factory';

const provider = (extra: Partial<EmbeddingProvider>): EmbeddingProvider => ({
  modelId: 'test:model',
  dimension: 4,
  init: async () => undefined,
  embed: async (texts) => texts.map(() => [1, 0, 0, 0]),
  ...extra,
});
const forgetting = { trashRetentionDays: 30, protectedCategories: ['lesson'], confirmationWindowMs: 300_000 };

describe('memorySettingsFor', () => {
  it("takes recall's fusion weights from the configured model, and the seeds' defaults without any", () => {
    expect(
      memorySettingsFor(provider({ recallWeights: { denseWeight: 0.5 } }), {}, forgetting).denseWeight,
    ).toBe(0.5);
    expect(memorySettingsFor(provider({}), {}, forgetting).denseWeight).toBe(
      DEFAULT_MEMORY_SETTINGS.denseWeight,
    );
  });

  it("lets explicit configuration override the model's weights and thresholds", () => {
    const settings = memorySettingsFor(
      provider({
        recallWeights: { denseWeight: 0.5 },
        calibratedThresholds: { dedupDistance: 0.2, linkDistance: 0.4, mergeDistance: 0.3 },
      }),
      { denseWeight: 0.2, linkDistance: 0.35, labelKey: 0 },
      forgetting,
    );
    expect(settings).toMatchObject({ denseWeight: 0.2, linkDistance: 0.35, dedupDistance: 0.2, labelKey: 0 });
  });
});
