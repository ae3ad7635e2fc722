/**
 * Binds the forgetting library's services and use cases, and registers the trash for re-embedding
 * (its entries keep their vectors, so they move to the new model with the memories). Settings and
 * the shared state (where confirmations wait for their second call) are bound by the composition lib.
 */
import { ContainerModule } from 'inversify';
import { NAMESPACE_STORAGE_TOKENS } from '@kioku/namespace-storage';
import { TRASH_COLLECTION, TrashRepository } from './application/trash.repository';
import { MemoryDeleter } from './application/memory-deleter';
import { AutoForgetSweep } from './application/sweep/auto-forget-sweep';
import { ForgetConfirmations } from './application/forget/forget-confirmations';
import { ForgetUseCase } from './application/forget/forget.use-case';
import { RestoreUseCase } from './application/restore/restore.use-case';
import { RepairIntegrityUseCase } from './application/integrity/repair-integrity.use-case';
import { PurgeTrashUseCase } from './application/purge-trash/purge-trash.use-case';
import { ListTrashUseCase } from './application/list-trash/list-trash.use-case';
import { NamespaceOverviewUseCase } from './application/namespace-history/namespace-overview.use-case';

export function forgettingModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(NAMESPACE_STORAGE_TOKENS.ReembeddableCollection).toConstantValue(TRASH_COLLECTION);
    for (const service of [
      TrashRepository,
      MemoryDeleter,
      AutoForgetSweep,
      ForgetConfirmations,
      ForgetUseCase,
      RestoreUseCase,
      RepairIntegrityUseCase,
      PurgeTrashUseCase,
      ListTrashUseCase,
      NamespaceOverviewUseCase,
    ]) {
      bind(service).toSelf().inSingletonScope();
    }
  });
}
