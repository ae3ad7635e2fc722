/** Runs the shared VectorStore contract against the embedded store (it starts its own server). */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeVectorStoreContract } from '@kioku/testing-contracts';
import { ChromaEmbeddedVectorStore } from './lib/embedded/chroma-embedded-vector-store.adapter';
import { ChromaServerManager } from './lib/embedded/chroma-server-manager';

let dataDir: string | undefined;
let manager: ChromaServerManager | undefined;

describeVectorStoreContract('chroma-embedded', {
  create: async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kioku-embedded-contract-'));
    manager = new ChromaServerManager({ dataDir });
    return new ChromaEmbeddedVectorStore(manager);
  },
  cleanup: async () => {
    await manager?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  },
});
