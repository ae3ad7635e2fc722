/** Public API of @kioku/testing-contracts: what other projects use; everything else is internal. */
export { describeEmbeddingProviderContract } from './lib/embedding-provider.contract';
export { describeLexicalSearchContract } from './lib/lexical-search.contract';
export { type OllamaProtocolServer, startOllamaProtocolServer } from './lib/ollama-protocol-server';
export { describeVectorStoreContract } from './lib/vector-store.contract';
export {
  FILTER_CASES,
  FILTER_RECORDS,
  TEXT_RECORDS,
  record,
  uniqueCollectionName,
  vectorFor,
} from './lib/vector-store.fixtures';
