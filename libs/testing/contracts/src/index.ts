export {
  describeVectorStoreContract,
  type VectorStoreHarness,
  type VectorStoreContractCapabilities,
} from './lib/vector-store.contract';
export {
  FILTER_CASES,
  FILTER_RECORDS,
  TEXT_RECORDS,
  record,
  uniqueCollectionName,
  vectorFor,
  type FilterCase,
} from './lib/vector-store.fixtures';
export * from './lib/embedding-provider.contract';
export * from './lib/ollama-protocol-server';
export { describeLexicalSearchContract, type LexicalSearchHarness } from './lib/lexical-search.contract';
