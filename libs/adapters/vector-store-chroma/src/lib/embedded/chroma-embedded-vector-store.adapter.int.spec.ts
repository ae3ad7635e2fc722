/** The embedded store starts its server lazily and heals itself after the server dies. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StoreUnavailableError } from '@kioku/vector-store';
import { record } from '@kioku/testing-contracts';
import { ChromaEmbeddedVectorStore } from './chroma-embedded-vector-store.adapter';
import { ChromaServerManager } from './chroma-server-manager';
import { isProcessAlive } from '@kioku/processes';
import { findChromaServerProcesses } from './process-inspection';

describe('ChromaEmbeddedVectorStore', () => {
  let dataDir: string;
  let manager: ChromaServerManager;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kioku-embedded-store-'));
  });

  afterEach(async () => {
    await manager.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts the server on first use, not before', async () => {
    manager = new ChromaServerManager({ dataDir });
    const store = new ChromaEmbeddedVectorStore(manager);
    expect(findChromaServerProcesses(join(dataDir, 'chroma'))).toHaveLength(0);
    expect(await store.describeCollection('memories')).toBeNull();
    expect(manager.ownsServer).toBe(true);
  });

  it.each([
    ['when the manager does not restart it itself', false],
    ['while the manager restarts it itself', true],
  ])('recovers after the server is killed %s, with the data intact', async (_, restartOnExit) => {
    manager = new ChromaServerManager({ dataDir, restartOnExit });
    const store = new ChromaEmbeddedVectorStore(manager);
    await store.ensureCollection('memories', { dimension: 3, metadata: { model: 'm' } });
    await store.upsert('memories', [record('mem_1', [1, 0, 0], { kind: 'note' }, 'survives')]);
    const killed = manager.serverPid as number;

    process.kill(killed, 'SIGKILL');
    await waitFor(() => !isProcessAlive(killed));

    const [match] = await store.query('memories', { vector: [1, 0, 0], limit: 1 });
    expect(match).toMatchObject({ id: 'mem_1', document: 'survives' });
    expect(await store.describeCollection('memories')).toEqual({
      name: 'memories',
      dimension: 3,
      metadata: { model: 'm' },
    });
    expect(manager.serverPid).not.toBe(killed);
    expect(findChromaServerProcesses(join(dataDir, 'chroma'))).toHaveLength(1);
  });

  it('reports STORE_UNAVAILABLE once the manager is stopped', async () => {
    manager = new ChromaServerManager({ dataDir });
    const store = new ChromaEmbeddedVectorStore(manager);
    await store.ensureCollection('memories', { dimension: 3 });
    await manager.stop();
    const error = await store.count('memories').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect(error).toMatchObject({
      code: 'STORE_UNAVAILABLE',
      message: 'The embedded Chroma server was stopped.',
    });
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
