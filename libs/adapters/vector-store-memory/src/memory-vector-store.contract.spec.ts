/** Runs the shared VectorStore contract, lexical search included, against the in-process adapter. */
import { describeLexicalSearchContract, describeVectorStoreContract } from '@kioku/testing-contracts';
import { MemoryVectorStore } from './lib/memory-vector-store.adapter';

describeVectorStoreContract(
  'memory',
  { create: async () => new MemoryVectorStore() },
  { exactVectorRoundTrip: true },
);

describeLexicalSearchContract('memory', { create: async () => new MemoryVectorStore() });
