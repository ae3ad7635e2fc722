/** Public API of @kioku/forgetting: what other projects use; everything else is internal. */
export {
  type ForgetResult,
  ForgetUseCase,
  type ProtectedRefusal,
} from './lib/application/forget/forget.use-case';
export { RepairIntegrityUseCase } from './lib/application/integrity/repair-integrity.use-case';
export { MemoryDeleter } from './lib/application/memory-deleter';
export { ListTrashUseCase, type TrashListing } from './lib/application/list-trash/list-trash.use-case';
export {
  NamespaceOverviewUseCase,
  type NamespaceOverview,
} from './lib/application/namespace-history/namespace-overview.use-case';
export { PurgeTrashUseCase } from './lib/application/purge-trash/purge-trash.use-case';
export { type RestoreResult, RestoreUseCase } from './lib/application/restore/restore.use-case';
export { AutoForgetSweep, type SweepSample } from './lib/application/sweep/auto-forget-sweep';
export { TrashRepository } from './lib/application/trash.repository';
export { evaluate, isProtected } from './lib/domain/auto-forget.policy';
export { windowInWords } from './lib/domain/pending-confirmations';
export { DELETION_REASONS, type DeletionReason, type TrashEntry } from './lib/domain/trash-entry';
export { DEFAULT_FORGETTING_SETTINGS, type ForgettingSettings } from './lib/forgetting-settings';
export { forgettingModule } from './lib/forgetting.module';
export { FORGETTING_TOKENS } from './lib/forgetting.tokens';
