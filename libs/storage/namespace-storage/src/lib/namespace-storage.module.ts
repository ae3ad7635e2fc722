/** Binds the namespace-storage services every domain repository shares (one instance per container). */
import { ContainerModule } from 'inversify';
import { CollectionGenerations } from './collection-generations';
import { NamespaceCollections } from './namespace-collections';
import { NamespaceDirectory } from './namespace-directory';
import { NamespaceStateRepository } from './namespace-state.repository';

export function namespaceStorageModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    for (const service of [
      NamespaceCollections,
      NamespaceStateRepository,
      CollectionGenerations,
      NamespaceDirectory,
    ]) {
      bind(service).toSelf().inSingletonScope();
    }
  });
}
