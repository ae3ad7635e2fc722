/**
 * Runs the shared VectorStore contract, lexical search included, against a real Chroma server started
 * for this file; the second instances open their own connection to the same index file, as another
 * process on the machine would.
 */
import { describeLexicalSearchContract, describeVectorStoreContract } from '@kioku/testing-contracts';
import { useChromaTestServer } from './testing';
import { ChromaVectorStore } from './lib/chroma-vector-store.adapter';

const server = useChromaTestServer();
const open = async () =>
  new ChromaVectorStore({ url: server().url, lexicalIndexFile: server().lexicalIndexFile });

describeVectorStoreContract('chroma', { create: open, createSecondInstance: open });
describeLexicalSearchContract('chroma', { create: open, createSecondInstance: open });
