/** Public API of @kioku/vector-store-chroma: what other projects use; everything else is internal. */
export { ChromaRecordStore } from './lib/chroma-record-store.adapter';
export { ChromaVectorStore } from './lib/chroma-vector-store.adapter';
export { findChromaServerProcesses } from './lib/embedded/process-inspection';
/** @public: required when configured, by @kioku/composition's adapter-modules.ts (knip does not follow that require). */
export { vectorStoreChromaEmbeddedModule, vectorStoreChromaModule } from './lib/vector-store-chroma.module';
