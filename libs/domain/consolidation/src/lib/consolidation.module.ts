/** Binds the consolidation library's use cases. */
import { ContainerModule } from 'inversify';
import { WakeUpUseCase } from './application/wake-up/wake-up.use-case';
import { ConsolidateUseCase } from './application/consolidate/consolidate.use-case';
import { MergeMemoriesUseCase } from './application/merge-memories/merge-memories.use-case';
import { ConsolidationStateRepository } from './application/consolidation-state.repository';

export function consolidationModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    for (const service of [
      WakeUpUseCase,
      ConsolidateUseCase,
      MergeMemoriesUseCase,
      ConsolidationStateRepository,
    ])
      bind(service).toSelf().inSingletonScope();
  });
}
