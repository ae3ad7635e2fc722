/** Chroma-specific behaviour beyond the shared contract, against a real server. */
import { createServer, type Server, type Socket } from 'node:net';
import { ChromaClient } from 'chromadb';
import { AppError } from '@kioku/kernel';
import { freeLoopbackPort } from '@kioku/processes';
import { StoreUnavailableError, where } from '@kioku/vector-store';
import { record, uniqueCollectionName } from '@kioku/testing-contracts';
import { useChromaTestServer } from '../testing';
import { ChromaRecordStore, DIMENSION_METADATA_KEY } from './chroma-record-store.adapter';
import { ChromaVectorStore } from './chroma-vector-store.adapter';

const server = useChromaTestServer();

describe('ChromaVectorStore (real server)', () => {
  let store: ChromaVectorStore;
  const created: string[] = [];

  beforeAll(() => {
    store = new ChromaVectorStore({ url: server().url, lexicalIndexFile: server().lexicalIndexFile });
  });

  afterAll(async () => {
    for (const name of created) await store.deleteCollection(name);
  });

  async function collection(dimension = 3): Promise<string> {
    const name = uniqueCollectionName();
    created.push(name);
    await store.ensureCollection(name, { dimension, metadata: { model: 'test' } });
    return name;
  }

  async function rawGet(name: string): Promise<string> {
    const client = new ChromaClient({ host: '127.0.0.1', port: server().port });
    const handle = await client.getCollection({ name });
    const response = await fetch(
      `${server().url}/api/v2/tenants/${handle.tenant}/databases/${handle.database}/collections/${handle.id}/get`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ include: ['metadatas'] }),
      },
    );
    return response.text();
  }

  it('records the dimension in collection metadata but does not show it', async () => {
    const name = await collection(5);
    const client = new ChromaClient({ host: '127.0.0.1', port: server().port });
    expect((await client.getCollection({ name })).metadata).toMatchObject({
      [DIMENSION_METADATA_KEY]: 5,
      model: 'test',
    });
    expect(await store.describeCollection(name)).toEqual({ name, dimension: 5, metadata: { model: 'test' } });
  });

  it('rejects the reserved metadata key', async () => {
    const name = await collection();
    await expect(store.updateCollectionMetadata(name, { [DIMENSION_METADATA_KEY]: 9 })).rejects.toMatchObject(
      {
        code: 'INVALID_INPUT',
      },
    );
  });

  it('stores record numbers as floats, on upsert and on patch', async () => {
    const name = await collection();
    await store.upsert(name, [record('a', [1, 0, 0], { n: 1, big: 1_732_147_200_123, s: 'x' })]);
    await store.patchMetadata(name, [{ id: 'a', metadata: { p: 2 } }]);
    const raw = await rawGet(name);
    expect(raw).toContain('"n":1.0');
    expect(raw).toContain('"big":1732147200123.0');
    expect(raw).toContain('"p":2.0');
  });

  it('splits large upserts and reads them all back', async () => {
    const name = await collection(2);
    const records = Array.from({ length: 1_200 }, (_, i) => record(`m${i}`, [1, i / 1_200], { i }));
    await store.upsert(name, records);
    expect(await store.count(name)).toBe(1_200);
    expect(await store.count(name, where.gte('i', 1_000))).toBe(200);
  });

  it('recovers when another client deletes and re-creates a cached collection', async () => {
    const name = await collection();
    await store.upsert(name, [record('a', [1, 0, 0])]);
    const other = new ChromaVectorStore({ url: server().url, lexicalIndexFile: server().lexicalIndexFile });
    await other.deleteCollection(name);
    await other.ensureCollection(name, { dimension: 3 });
    await store.upsert(name, [record('b', [0, 1, 0])]);
    expect((await store.find(name, { limit: 10 })).records.map((r) => r.id)).toEqual(['b']);
  });

  it('works with a collection created outside kioku (dimension read from a record)', async () => {
    const name = uniqueCollectionName();
    created.push(name);
    const client = new ChromaClient({ host: '127.0.0.1', port: server().port });
    const external = await client.createCollection({
      name,
      embeddingFunction: null,
      configuration: { hnsw: { space: 'cosine' } },
    });
    await external.add({ ids: ['x'], embeddings: [[0.5, 0.5]] });
    expect(await store.describeCollection(name)).toEqual({ name, dimension: 2, metadata: {} });
    await expect(store.query(name, { vector: [1, 0, 0], limit: 1 })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
  });
});

describe('ChromaVectorStore when the server cannot be reached', () => {
  it('throws StoreUnavailableError without leaking credentials', async () => {
    const port = await freeLoopbackPort();
    const store = new ChromaRecordStore({ url: `http://kioku:topsecret@127.0.0.1:${port}` });
    const error = (await store.count('memories').catch((e: unknown) => e)) as AppError;
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect(error.code).toBe('STORE_UNAVAILABLE');
    expect(`${error.message} ${JSON.stringify(error.details)}`).not.toContain('topsecret');
    expect(store.url).toBe(`http://127.0.0.1:${port}`);
  });

  describe('with a server that never answers', () => {
    let silent: Server;
    const sockets = new Set<Socket>();
    let port: number;

    beforeAll(async () => {
      silent = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      port = (silent.address() as { port: number }).port;
    });

    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });

    it('times out reads and writes with StoreUnavailableError', async () => {
      const store = new ChromaRecordStore({ url: `http://127.0.0.1:${port}`, requestTimeoutMs: 300 });
      const started = Date.now();
      await expect(store.describeCollection('memories')).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.deleteCollection('memories')).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(Date.now() - started).toBeLessThan(5_000);
    });
  });
});
