export { MemoryVectorStore } from './lib/memory-vector-store.adapter';
export { vectorStoreMemoryModule } from './lib/vector-store-memory.module';
