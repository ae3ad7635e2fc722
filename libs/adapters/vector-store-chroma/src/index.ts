export {
  ChromaRecordStore,
  DIMENSION_METADATA_KEY,
  type ChromaRecordStoreOptions,
} from './lib/chroma-record-store.adapter';
export { ChromaVectorStore, type ChromaVectorStoreOptions } from './lib/chroma-vector-store.adapter';
export { SqliteLexicalIndex } from './lib/lexical/sqlite-lexical-index';
export {
  ChromaEmbeddedVectorStore,
  LEXICAL_INDEX_FILE,
  type ChromaEmbeddedVectorStoreOptions,
} from './lib/embedded/chroma-embedded-vector-store.adapter';
export {
  ChromaServerManager,
  EmbeddedChromaError,
  type ChromaServerManagerOptions,
  type ChromaServerRecord,
} from './lib/embedded/chroma-server-manager';
export { findChromaServerProcesses, type ChromaServerProcess } from './lib/embedded/process-inspection';
export {
  vectorStoreChromaModule,
  vectorStoreChromaEmbeddedModule,
  type VectorStoreChromaModuleOptions,
  type VectorStoreChromaEmbeddedModuleOptions,
} from './lib/vector-store-chroma.module';
export { VECTOR_STORE_CHROMA_TOKENS } from './lib/vector-store-chroma.tokens';
