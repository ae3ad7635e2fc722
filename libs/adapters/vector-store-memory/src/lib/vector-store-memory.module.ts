/** DI wiring for the in-process vector store: one shared instance per container. */
import { ContainerModule } from 'inversify';
import { VECTOR_STORE_TOKENS } from '@kioku/vector-store';
import { MemoryVectorStore } from './memory-vector-store.adapter';

/** Binds `VECTOR_STORE_TOKENS.VectorStore` to a singleton `MemoryVectorStore`. */
export function vectorStoreMemoryModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(VECTOR_STORE_TOKENS.VectorStore)
      .toDynamicValue(() => new MemoryVectorStore())
      .inSingletonScope();
  });
}
