/** Binds the links library's services. */
import { ContainerModule } from 'inversify';
import { LinkRepository } from './application/link.repository';
import { NamespaceStateRepository } from './application/namespace-state.repository';

export function linksModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(LinkRepository).toSelf().inSingletonScope();
    bind(NamespaceStateRepository).toSelf().inSingletonScope();
  });
}
