/** Binds the consolidation library's use cases. */
import { ContainerModule } from 'inversify';
import { WakeUpUseCase } from './application/wake-up/wake-up.use-case';

export function consolidationModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    for (const service of [WakeUpUseCase]) bind(service).toSelf().inSingletonScope();
  });
}
