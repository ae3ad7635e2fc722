/** Public API of @kioku/vector-store-memory: what other projects use; everything else is internal. */
export { MemoryVectorStore } from './lib/memory-vector-store.adapter';
export { vectorStoreMemoryModule } from './lib/vector-store-memory.module';
