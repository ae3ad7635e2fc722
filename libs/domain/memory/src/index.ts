/** Public API of @kioku/memory: what other projects use; everything else is internal. */
export {
  type LinkMemoriesResult,
  LinkMemoriesUseCase,
} from './lib/application/link-memories/link-memories.use-case';
export { MemoryChangeNotifier } from './lib/application/memory-change.listener';
export type { MemoryChangeListener } from './lib/ports/memory-change-listener.port';
export { DEFAULT_MEMORY_SETTINGS, type MemorySettings } from './lib/memory-settings';
export {
  DIMENSION_KEY,
  MODEL_KEY,
  MemoryRepository,
  type MemoryMatch,
} from './lib/application/memory.repository';
export { NamespaceStatsReader } from './lib/application/shared/namespace-stats-reader';
export { type NamespaceStats } from './lib/domain/namespace-tally';
export { ReadMemoriesUseCase } from './lib/application/read-memories/read-memories.use-case';
export { MemoryRanker } from './lib/application/shared/memory-ranker';
export { type RecallResult, RecallUseCase } from './lib/application/recall/recall.use-case';
export { type ReembedProgress, ReembedUseCase } from './lib/application/reembed/reembed.use-case';
export { type RememberInput } from './lib/application/remember/remember.input';
export { type RememberResult, RememberUseCase } from './lib/application/remember/remember.use-case';
export { RememberBatchUseCase } from './lib/application/remember-batch/remember-batch.use-case';
export { type RememberItemResult } from './lib/application/shared/remember-pipeline';
export { autoLinks } from './lib/application/shared/auto-link';
export { contentRuleBroken } from './lib/application/shared/memory-fields.input';
export { MemoryUpdater, type UpdateMemoryResult } from './lib/application/shared/memory-updater';
export { VerifiedLinkWriter } from './lib/application/shared/verified-link-writer';
export { UpdateMemoryUseCase } from './lib/application/update-memory/update-memory.use-case';
export { duplicateSignals } from './lib/domain/duplicate-guard';
export {
  EMOTIONS,
  type Category,
  type Emotion,
  type Memory,
  isCategory,
  isEmotionName,
} from './lib/domain/memory';
export { fromRecord, toDocument, toMetadata } from './lib/domain/memory-record.codec';
export { normalizeCategory, normalizeEmotion, normalizeTags } from './lib/domain/normalize';
export { memoryModule, unbindBackgroundWriters } from './lib/memory.module';
export { MEMORY_TOKENS } from './lib/memory.tokens';
