/**
 * Runs the shared VectorStore contract, lexical search included, against the embedded store (it starts
 * its own server); the second instances share the data dir as another kioku process would.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeLexicalSearchContract, describeVectorStoreContract } from '@kioku/testing-contracts';
import { ChromaEmbeddedVectorStore } from './lib/embedded/chroma-embedded-vector-store.adapter';
import { ChromaServerManager } from './lib/embedded/chroma-server-manager';

let dataDir: string | undefined;
const managers: ChromaServerManager[] = [];

describeVectorStoreContract('chroma-embedded', {
  create: async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kioku-embedded-contract-'));
    managers.push(new ChromaServerManager({ dataDir }));
    return new ChromaEmbeddedVectorStore(managers[0]);
  },
  createSecondInstance: async () => {
    managers.push(new ChromaServerManager({ dataDir: dataDir as string }));
    return new ChromaEmbeddedVectorStore(managers[managers.length - 1]);
  },
  cleanup: async () => {
    for (const m of managers.reverse()) await m.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  },
});

let lexicalDataDir: string | undefined;
const lexicalManagers: ChromaServerManager[] = [];

describeLexicalSearchContract('chroma-embedded', {
  create: async () => {
    lexicalDataDir = await mkdtemp(join(tmpdir(), 'kioku-embedded-lexical-'));
    lexicalManagers.push(new ChromaServerManager({ dataDir: lexicalDataDir }));
    return new ChromaEmbeddedVectorStore(lexicalManagers[0]);
  },
  createSecondInstance: async () => {
    lexicalManagers.push(new ChromaServerManager({ dataDir: lexicalDataDir as string }));
    return new ChromaEmbeddedVectorStore(lexicalManagers[lexicalManagers.length - 1]);
  },
  cleanup: async () => {
    for (const m of lexicalManagers.reverse()) await m.stop();
    if (lexicalDataDir) await rm(lexicalDataDir, { recursive: true, force: true });
  },
});
