import { Container } from 'inversify';
import { VECTOR_STORE_TOKENS } from '@kioku/vector-store';
import { MemoryVectorStore } from './memory-vector-store.adapter';
import { vectorStoreMemoryModule } from './vector-store-memory.module';

describe('vectorStoreMemoryModule', () => {
  it('binds one shared MemoryVectorStore per container', () => {
    const container = new Container();
    container.loadSync(vectorStoreMemoryModule());
    const store = container.get(VECTOR_STORE_TOKENS.VectorStore);
    expect(store).toBeInstanceOf(MemoryVectorStore);
    expect(container.get(VECTOR_STORE_TOKENS.VectorStore)).toBe(store);

    const other = new Container();
    other.loadSync(vectorStoreMemoryModule());
    expect(other.get(VECTOR_STORE_TOKENS.VectorStore)).not.toBe(store);
  });
});
