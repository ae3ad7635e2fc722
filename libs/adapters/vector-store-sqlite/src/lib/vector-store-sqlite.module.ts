/**
 * DI wiring for the in-process SQLite store (`KIOKU_VECTOR_STORE=sqlite`, the default): one store per
 * container on `<dataDir>/store.sqlite`, closed when the container unbinds it.
 */
import { join } from 'node:path';
import { ContainerModule } from 'inversify';
import type { SqliteStoreSettings } from '@kioku/config';
import { VECTOR_STORE_TOKENS } from '@kioku/vector-store';
import { SqliteVectorStore } from './store/sqlite-vector-store.adapter';
import { STORE_FILE } from './store/store-schema';

export function vectorStoreSqliteModule(settings: SqliteStoreSettings): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(VECTOR_STORE_TOKENS.VectorStore)
      .toDynamicValue(() => new SqliteVectorStore(join(settings.dataDir, STORE_FILE)))
      .inSingletonScope()
      .onDeactivation((store) => (store as SqliteVectorStore).close());
  });
}
