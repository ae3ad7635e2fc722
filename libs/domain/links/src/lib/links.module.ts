/** Binds the links library's services (on top of the namespace-storage module). */
import { ContainerModule } from 'inversify';
import { LinkRepository } from './application/link.repository';

export function linksModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(LinkRepository).toSelf().inSingletonScope();
  });
}
