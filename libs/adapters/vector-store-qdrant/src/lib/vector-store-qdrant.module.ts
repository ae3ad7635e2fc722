/**
 * DI wiring for `KIOKU_VECTOR_STORE=qdrant`: binds `VECTOR_STORE_TOKENS.VectorStore` to one shared
 * QdrantVectorStore per container, using `KERNEL_TOKENS.Logger` when it is bound. Options come from the
 * app's parsed configuration (`QdrantSettings`, passed as they are; nothing here reads the environment).
 */
import { ContainerModule } from 'inversify';
import { KERNEL_TOKENS } from '@kioku/kernel';
import { VECTOR_STORE_TOKENS } from '@kioku/vector-store';
import type { QdrantVectorStoreOptions } from './qdrant-options';
import { QdrantVectorStore } from './qdrant-vector-store.adapter';

/** The store's options but the logger, which comes from the container. */
export type VectorStoreQdrantModuleOptions = Omit<QdrantVectorStoreOptions, 'logger'>;

/** Binds `VECTOR_STORE_TOKENS.VectorStore` to a singleton `QdrantVectorStore`. */
export function vectorStoreQdrantModule(options: VectorStoreQdrantModuleOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(VECTOR_STORE_TOKENS.VectorStore)
      .toDynamicValue(
        (context) =>
          new QdrantVectorStore({
            ...options,
            logger: context.get(KERNEL_TOKENS.Logger, { optional: true }),
          }),
      )
      .inSingletonScope();
  });
}
