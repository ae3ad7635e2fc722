/** Binds the portability library's use cases: export and import of a namespace. */
import { ContainerModule } from 'inversify';
import { ExportNamespaceUseCase } from './application/export-namespace/export-namespace.use-case';
import { ImportNamespaceUseCase } from './application/import-namespace/import-namespace.use-case';

export function portabilityModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    for (const service of [ExportNamespaceUseCase, ImportNamespaceUseCase])
      bind(service).toSelf().inSingletonScope();
  });
}
