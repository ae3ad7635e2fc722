/** Runs the shared VectorStore contract against a real Chroma server started for this file. */
import { describeVectorStoreContract, useChromaTestServer } from '@kioku/testing-contracts';
import { ChromaVectorStore } from './lib/chroma-vector-store.adapter';

const server = useChromaTestServer();

describeVectorStoreContract('chroma', { create: async () => new ChromaVectorStore({ url: server().url }) });
