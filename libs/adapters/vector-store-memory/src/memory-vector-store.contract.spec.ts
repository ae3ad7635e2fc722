/** Runs the shared VectorStore contract against the in-process adapter. */
import { describeVectorStoreContract } from '@kioku/testing-contracts';
import { MemoryVectorStore } from './lib/memory-vector-store.adapter';

describeVectorStoreContract(
  'memory',
  { create: async () => new MemoryVectorStore() },
  { exactVectorRoundTrip: true },
);
