/**
 * WIRE-FORMAT TEST, NOT A BACKEND TEST. An in-process node:http stub records the exact REST requests
 * that QdrantVectorStore sends through the real `@qdrant/js-client-rest` client, and answers with
 * canned responses in Qdrant's envelope (`{status, time, result}`). It checks request shapes and how
 * answers are decoded; it does not implement Qdrant and proves nothing about Qdrant's behaviour (the
 * contract suite against a real server does that, see qdrant-vector-store.live.int.spec.ts).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CollectionNotFoundError,
  DimensionMismatchError,
  StoreUnavailableError,
  where,
} from '@kioku/vector-store';
import { encodeCursor } from '@kioku/vector-store-base';
import type { QdrantVectorStoreOptions } from './qdrant-options';
import { QdrantVectorStore } from './qdrant-vector-store.adapter';
import { PAYLOAD_INDEXES } from './qdrant-payload-indexes';
import { pointIdOf } from './qdrant-point-id.mapper';
import {
  SPARSE_ENCODING_VERSION,
  documentSparseVector,
  querySparseVector,
} from './qdrant-sparse-vector.encoder';

interface RecordedRequest {
  method: string;
  /** Path and query string, e.g. `/collections/c/points?wait=true&ordering=medium`. */
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

type Reply = { status: number; body: unknown } | 'hang';
type Route = (request: RecordedRequest) => Reply;

const ok = (result: unknown): Reply => ({ status: 200, body: { status: 'ok', time: 0.0001, result } });
const fail = (status: number, error: string): Reply => ({
  status,
  body: { status: { error }, time: 0.0001 },
});

function collectionInfo(
  size: number,
  metadata?: Record<string, unknown>,
  payloadSchema: Record<string, unknown> = {},
  lexical = false,
): unknown {
  return {
    status: 'green',
    optimizer_status: 'ok',
    segments_count: 1,
    points_count: 0,
    config: {
      params: {
        vectors: { size, distance: 'Cosine' },
        shard_number: 1,
        replication_factor: 1,
        ...(lexical ? { sparse_vectors: { text: { modifier: 'idf' } } } : {}),
      },
      hnsw_config: { m: 16, ef_construct: 100, full_scan_threshold: 10000 },
      optimizer_config: {},
      ...(metadata ? { metadata } : {}),
    },
    payload_schema: payloadSchema,
  };
}

const ALL_INDEXED = Object.fromEntries(
  PAYLOAD_INDEXES.map(({ field, schema }) => [field, { data_type: schema }]),
);

class QdrantWireStub {
  readonly requests: RecordedRequest[] = [];
  private server?: Server;
  private route: Route = () => fail(500, 'no route');

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const recorded: RecordedRequest = {
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body: text ? JSON.parse(text) : undefined,
        };
        this.requests.push(recorded);
        const reply = this.route(recorded);
        if (reply === 'hang') return;
        response.writeHead(reply.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  }

  respond(route: Route): void {
    this.route = route;
    this.requests.length = 0;
  }

  /** Method and URL of every request, in order. */
  calls(): string[] {
    return this.requests.map((r) => `${r.method} ${r.url}`);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

describe('QdrantVectorStore wire format (in-process HTTP stub, not a Qdrant backend)', () => {
  const stub = new QdrantWireStub();
  let url: string;

  beforeAll(async () => {
    url = await stub.start();
  });

  afterAll(async () => {
    await stub.stop();
  });

  function store(options: Partial<QdrantVectorStoreOptions> = {}): QdrantVectorStore {
    return new QdrantVectorStore({
      url,
      apiKey: 'test-key',
      retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 5 },
      ...options,
    });
  }

  /** A store that already knows collection `c` (dimension 3; with the sparse `text` vector if lexical). */
  async function knownStore(
    options: Partial<QdrantVectorStoreOptions> = {},
    lexical = false,
  ): Promise<QdrantVectorStore> {
    const s = store(options);
    stub.respond(() => ok(collectionInfo(3, undefined, ALL_INDEXED, lexical)));
    await s.describeCollection('c');
    return s;
  }

  const knownLexicalStore = () => knownStore({}, true);

  describe('ensureCollection', () => {
    it('creates a Cosine collection with the cluster parameters and metadata, then the payload indexes', async () => {
      let created = false;
      stub.respond((request) => {
        if (request.method === 'GET') {
          return created ? ok(collectionInfo(512, { embeddingModel: 'use-lite' })) : fail(404, 'Not found');
        }
        if (request.method === 'PUT' && request.url === '/collections/kioku_default_memories') {
          created = true;
          return ok(true);
        }
        return ok({ operation_id: 1, status: 'completed' });
      });
      const s = store({
        shardNumber: 3,
        replicationFactor: 2,
        writeConsistencyFactor: 2,
        writeOrdering: 'strong',
      });

      const info = await s.ensureCollection('kioku_default_memories', {
        dimension: 512,
        metadata: { embeddingModel: 'use-lite' },
      });

      expect(info).toEqual({
        name: 'kioku_default_memories',
        dimension: 512,
        metadata: { embeddingModel: 'use-lite' },
      });
      expect(stub.calls()).toEqual([
        'GET /collections/kioku_default_memories',
        'PUT /collections/kioku_default_memories',
        'GET /collections/kioku_default_memories',
        ...PAYLOAD_INDEXES.map(
          () => 'PUT /collections/kioku_default_memories/index?wait=true&ordering=strong',
        ),
      ]);
      expect(stub.requests[1].body).toEqual({
        vectors: { size: 512, distance: 'Cosine' },
        shard_number: 3,
        replication_factor: 2,
        write_consistency_factor: 2,
        metadata: { embeddingModel: 'use-lite' },
      });
      expect(stub.requests.slice(3).map((r) => r.body)).toEqual(
        PAYLOAD_INDEXES.map(({ field, schema }) => ({ field_name: field, field_schema: schema })),
      );
      for (const request of stub.requests) expect(request.headers['api-key']).toBe('test-key');
    });

    it('never asks for the server version (checkCompatibility: false)', async () => {
      stub.respond(() => ok(collectionInfo(3, undefined, ALL_INDEXED)));
      await store().ensureCollection('c', { dimension: 3 });
      expect(stub.calls()).toEqual(['GET /collections/c']);
    });

    it('returns the existing collection unchanged and only adds missing indexes', async () => {
      const { createdAtMs: _, ...almostAll } = ALL_INDEXED;
      stub.respond((request) =>
        request.method === 'GET'
          ? ok(collectionInfo(3, { model: 'first' }, almostAll))
          : ok({ status: 'completed' }),
      );
      const info = await store().ensureCollection('c', { dimension: 5, metadata: { model: 'second' } });
      expect(info).toEqual({ name: 'c', dimension: 3, metadata: { model: 'first' } });
      expect(stub.calls()).toEqual([
        'GET /collections/c',
        'PUT /collections/c/index?wait=true&ordering=medium',
      ]);
      expect(stub.requests[1].body).toEqual({ field_name: 'createdAtMs', field_schema: 'float' });
    });

    it('treats "already exists" from a concurrent creator as success and returns that collection', async () => {
      let gets = 0;
      stub.respond((request) => {
        if (request.method === 'GET')
          return gets++ === 0 ? fail(404, 'Not found') : ok(collectionInfo(3, { by: 'other' }, ALL_INDEXED));
        return fail(409, 'Wrong input: Collection `c` already exists!');
      });
      const info = await store().ensureCollection('c', { dimension: 3, metadata: { by: 'me' } });
      expect(info).toEqual({ name: 'c', dimension: 3, metadata: { by: 'other' } });
      expect(stub.calls()).toEqual(['GET /collections/c', 'PUT /collections/c', 'GET /collections/c']);
    });

    it('sends one round of requests for concurrent calls in one process', async () => {
      stub.respond(() => ok(collectionInfo(3, { model: 'm' }, ALL_INDEXED)));
      const s = store();
      const infos = await Promise.all([1, 2, 3, 4].map(() => s.ensureCollection('c', { dimension: 3 })));
      expect(new Set(infos.map((i) => JSON.stringify(i))).size).toBe(1);
      expect(stub.calls()).toEqual(['GET /collections/c']);
    });

    it('refuses to pretend when the server dropped the collection metadata (Qdrant < 1.16)', async () => {
      let created = false;
      stub.respond((request) => {
        if (request.method === 'PUT' && request.url === '/collections/c') {
          created = true;
          return ok(true);
        }
        return created ? ok(collectionInfo(3, undefined, ALL_INDEXED)) : fail(404, 'Not found');
      });
      await expect(
        store().ensureCollection('c', { dimension: 3, metadata: { model: 'm' } }),
      ).rejects.toMatchObject({
        code: 'CONFIG_INVALID',
      });
    });
  });

  describe('collection metadata', () => {
    it('updateCollectionMetadata PATCHes the keys (Qdrant merges them)', async () => {
      stub.respond(() => ok(true));
      await store().updateCollectionMetadata('c', { model: 'b', reembedded: 1 });
      expect(stub.calls()).toEqual(['PATCH /collections/c']);
      expect(stub.requests[0].body).toEqual({ metadata: { model: 'b', reembedded: 1 } });
    });

    it('updateCollectionMetadata with no keys never sends {} (which would clear everything)', async () => {
      stub.respond(() => ok(collectionInfo(3)));
      await store().updateCollectionMetadata('c', {});
      expect(stub.calls()).toEqual(['GET /collections/c']);
    });

    it('deleteCollection of a missing collection is a no-op', async () => {
      stub.respond(() => fail(404, 'Not found: Collection `c` doesn’t exist!'));
      await expect(store().deleteCollection('c')).resolves.toBeUndefined();
      expect(stub.calls()).toEqual(['DELETE /collections/c']);
    });
  });

  describe('points', () => {
    it('upsert sends UUIDv5 ids, unit vectors and the payload with wait=true and the write ordering', async () => {
      const s = await knownStore();
      stub.respond(() => ok({ operation_id: 7, status: 'completed' }));
      await s.upsert('c', [
        { id: 'mem_a', vector: [3, 0, 4], metadata: { kind: 'note', n: 2.5 }, document: 'ラーメン' },
        { id: 'mem_b', vector: [0, 1, 0], metadata: {}, document: '' },
        { id: 'mem_a', vector: [0, 0, 2], metadata: { kind: 'task' }, document: 'last wins' },
      ]);
      expect(stub.calls()).toEqual(['PUT /collections/c/points?wait=true&ordering=medium']);
      expect(stub.requests[0].body).toEqual({
        points: [
          {
            id: pointIdOf('mem_a'),
            vector: [0, 0, 1],
            payload: { kind: 'task', _kioku_id: 'mem_a', _kioku_document: 'last wins', _kioku_norm: 2 },
          },
          {
            id: pointIdOf('mem_b'),
            vector: [0, 1, 0],
            payload: { _kioku_id: 'mem_b', _kioku_document: '', _kioku_norm: 1 },
          },
        ],
      });
    });

    it('insertNew sends the first version of each id with update_mode insert_only', async () => {
      const s = await knownStore();
      stub.respond(() => ok({ operation_id: 8, status: 'completed' }));
      await s.insertNew('c', [
        { id: 'lease', vector: [0, 1, 0], metadata: { holder: 'w1' }, document: '' },
        { id: 'lease', vector: [0, 1, 0], metadata: { holder: 'w2' }, document: '' },
      ]);
      expect(stub.calls()).toEqual(['PUT /collections/c/points?wait=true&ordering=medium']);
      expect(stub.requests[0].body).toEqual({
        update_mode: 'insert_only',
        points: [
          {
            id: pointIdOf('lease'),
            vector: [0, 1, 0],
            payload: { holder: 'w1', _kioku_id: 'lease', _kioku_document: '', _kioku_norm: 1 },
          },
        ],
      });
    });

    it('upsert checks dimensions before sending anything', async () => {
      const s = await knownStore();
      stub.respond(() => ok(collectionInfo(3)));
      await expect(
        s.upsert('c', [{ id: 'a', vector: [1, 0], metadata: {}, document: '' }]),
      ).rejects.toBeInstanceOf(DimensionMismatchError);
      // The mismatch was confirmed with a fresh read of the collection, and nothing was written.
      expect(stub.calls()).toEqual(['GET /collections/c']);
    });

    it('get retrieves by point ids and returns original ids in the requested order', async () => {
      const s = await knownStore();
      stub.respond(() =>
        ok([
          {
            id: pointIdOf('b'),
            payload: { _kioku_id: 'b', _kioku_document: 'doc b', n: 2, _kioku_norm: 2 },
            vector: [0, 1, 0],
          },
          {
            id: pointIdOf('a'),
            payload: { _kioku_id: 'a', _kioku_document: 'doc a', n: 1, _kioku_norm: 1 },
            vector: [1, 0, 0],
          },
        ]),
      );
      const records = await s.get('c', ['a', 'missing', 'b'], { includeVectors: true });
      expect(stub.calls()).toEqual(['POST /collections/c/points']);
      expect(stub.requests[0].body).toEqual({
        ids: [pointIdOf('a'), pointIdOf('missing'), pointIdOf('b')],
        with_payload: true,
        with_vector: true,
      });
      expect(records).toEqual([
        { id: 'a', metadata: { n: 1 }, document: 'doc a', vector: [1, 0, 0] },
        { id: 'b', metadata: { n: 2 }, document: 'doc b', vector: [0, 2, 0] },
      ]);
    });

    it('existingIds retrieves only the original id of each point, no vector and no other payload', async () => {
      const s = await knownStore();
      stub.respond(() =>
        ok([
          { id: pointIdOf('b'), payload: { _kioku_id: 'b' } },
          { id: pointIdOf('a'), payload: { _kioku_id: 'a' } },
        ]),
      );
      expect(await s.existingIds('c', ['a', 'missing', 'b', 'a'])).toEqual(['a', 'b']);
      expect(stub.calls()).toEqual(['POST /collections/c/points']);
      expect(stub.requests[0].body).toEqual({
        ids: [pointIdOf('a'), pointIdOf('missing'), pointIdOf('b')],
        with_payload: { include: ['_kioku_id'] },
        with_vector: false,
      });
    });

    it('patchMetadata merges with set_payload on a has_id filter, one operation per distinct patch', async () => {
      const s = await knownStore();
      stub.respond(() => ok([{ operation_id: 1, status: 'completed' }]));
      await s.patchMetadata('c', [
        { id: 'a', metadata: { lastAccessedAtMs: 5 } },
        { id: 'b', metadata: { lastAccessedAtMs: 5 } },
        { id: 'c', metadata: { isPrivate: true } },
        { id: 'd', metadata: {} },
      ]);
      expect(stub.calls()).toEqual(['POST /collections/c/points/batch?wait=true&ordering=medium']);
      expect(stub.requests[0].body).toEqual({
        operations: [
          {
            set_payload: {
              payload: { lastAccessedAtMs: 5 },
              filter: { must: [{ has_id: [pointIdOf('a'), pointIdOf('b')] }] },
            },
          },
          { set_payload: { payload: { isPrivate: true }, filter: { must: [{ has_id: [pointIdOf('c')] }] } } },
        ],
      });
    });

    it('delete and deleteWhere send point ids or the translated filter', async () => {
      const s = await knownStore();
      stub.respond(() => ok({ operation_id: 1, status: 'completed' }));
      await s.delete('c', ['a', 'a', 'b']);
      await s.deleteWhere('c', where.or(where.eq('sourceId', 'mem_1'), where.eq('targetId', 'mem_1')));
      await s.deleteWhere('c', where.and());
      expect(stub.calls()).toEqual([
        'POST /collections/c/points/delete?wait=true&ordering=medium',
        'POST /collections/c/points/delete?wait=true&ordering=medium',
        'POST /collections/c/points/delete?wait=true&ordering=medium',
      ]);
      expect(stub.requests.map((r) => r.body)).toEqual([
        { points: [pointIdOf('a'), pointIdOf('b')] },
        {
          filter: {
            should: [
              { key: 'sourceId', match: { value: 'mem_1' } },
              { key: 'targetId', match: { value: 'mem_1' } },
            ],
          },
        },
        { filter: { must: [] } },
      ]);
    });

    it('a filter that matches nothing is answered without a points request', async () => {
      const s = await knownStore();
      stub.respond(() => ok(collectionInfo(3)));
      await s.deleteWhere('c', where.in('kind', []));
      expect(await s.count('c', where.or())).toBe(0);
      expect(await s.find('c', { limit: 5, text: { containsAny: [] } })).toEqual({ records: [] });
      expect(stub.calls()).toEqual([]);
    });
  });

  describe('query', () => {
    it('sends a unit query vector with the filter and decodes scores into ascending cosine distances', async () => {
      const s = await knownStore();
      stub.respond(() =>
        ok({
          points: [
            {
              id: pointIdOf('near'),
              version: 3,
              score: 0.9,
              payload: { _kioku_id: 'near', _kioku_document: 'n', kind: 'note', _kioku_norm: 2 },
              vector: [0.6, 0.8, 0],
            },
            {
              id: pointIdOf('far'),
              version: 1,
              score: -0.2,
              payload: { _kioku_id: 'far', kind: 'note' },
              vector: [0, 0, 1],
            },
          ],
        }),
      );
      const matches = await s.query('c', {
        vector: [0, 2, 0],
        limit: 2,
        filter: where.and(where.eq('kind', 'note'), where.gte('createdAtMs', 10)),
        includeVectors: true,
      });
      expect(stub.calls()).toEqual(['POST /collections/c/points/query']);
      expect(stub.requests[0].body).toEqual({
        query: [0, 1, 0],
        filter: {
          must: [
            { key: 'kind', match: { value: 'note' } },
            { key: 'createdAtMs', range: { gte: 10 } },
          ],
        },
        limit: 2,
        with_payload: true,
        with_vector: true,
      });
      expect(matches.map((m) => m.id)).toEqual(['near', 'far']);
      expect(matches[0].distance).toBeCloseTo(0.1, 6);
      expect(matches[1].distance).toBeCloseTo(1.2, 6);
      expect(matches[0].vector).toEqual([1.2, 1.6, 0]);
      expect(matches[0]).toMatchObject({ document: 'n', metadata: { kind: 'note' } });
    });

    it('searches exactly with a text filter and re-checks substrings locally, asking for more when needed', async () => {
      const s = await knownStore();
      const points = [
        {
          id: pointIdOf('token-only'),
          version: 1,
          score: 0.99,
          payload: { _kioku_id: 'token-only', _kioku_document: 'inc 4471' },
        },
        {
          id: pointIdOf('exact'),
          version: 1,
          score: 0.5,
          payload: { _kioku_id: 'exact', _kioku_document: 'Incident INC-4471' },
        },
      ];
      stub.respond(() => ok({ points }));
      const matches = await s.query('c', {
        vector: [1, 0, 0],
        limit: 2,
        text: { containsAny: ['INC-4471'] },
      });
      expect(matches.map((m) => m.id)).toEqual(['exact']);
      expect(stub.requests.map((r) => (r.body as { limit: number }).limit)).toEqual([2, 8]);
      expect(stub.requests[0].body).toMatchObject({
        filter: { must: [{ key: '_kioku_document', match: { text: 'INC-4471' } }] },
        params: { exact: true },
      });
    });
  });

  describe('find and count', () => {
    it('pages with scroll: next_page_offset becomes the cursor and goes back as offset', async () => {
      const s = await knownStore({ readConsistency: 'majority' });
      const nextPoint = pointIdOf('m3');
      let page = 0;
      stub.respond(() =>
        page++ === 0
          ? ok({
              points: [
                { id: pointIdOf('m1'), payload: { _kioku_id: 'm1', parity: 'odd' } },
                { id: pointIdOf('m2'), payload: { _kioku_id: 'm2', parity: 'odd' } },
              ],
              next_page_offset: nextPoint,
            })
          : ok({
              points: [{ id: nextPoint, payload: { _kioku_id: 'm3', parity: 'odd' } }],
              next_page_offset: null,
            }),
      );
      const first = await s.find('c', { filter: where.eq('parity', 'odd'), limit: 2 });
      expect(first.records.map((r) => r.id)).toEqual(['m1', 'm2']);
      expect(first.nextCursor).toBe(encodeCursor(nextPoint));
      const second = await s.find('c', {
        filter: where.eq('parity', 'odd'),
        limit: 2,
        cursor: first.nextCursor,
      });
      expect(second).toEqual({ records: [{ id: 'm3', metadata: { parity: 'odd' }, document: '' }] });
      expect(stub.calls()).toEqual([
        'POST /collections/c/points/scroll?consistency=majority',
        'POST /collections/c/points/scroll?consistency=majority',
      ]);
      const filter = { must: [{ key: 'parity', match: { value: 'odd' } }] };
      expect(stub.requests.map((r) => r.body)).toEqual([
        { filter, limit: 2, with_payload: true, with_vector: false },
        { filter, limit: 2, offset: nextPoint, with_payload: true, with_vector: false },
      ]);
    });

    it('candidateIds scrolls every page with only the original ids and returns them ascending', async () => {
      const s = await knownStore();
      const nextPoint = pointIdOf('m1');
      let page = 0;
      stub.respond(() =>
        page++ === 0
          ? ok({
              points: [
                { id: pointIdOf('m3'), payload: { _kioku_id: 'm3' } },
                { id: pointIdOf('m2'), payload: { _kioku_id: 'm2' } },
              ],
              next_page_offset: nextPoint,
            })
          : ok({ points: [{ id: nextPoint, payload: { _kioku_id: 'm1' } }], next_page_offset: null }),
      );
      expect(await s.candidateIds('c', where.in('sourceId', ['a', 'b']))).toEqual(['m1', 'm2', 'm3']);
      expect(await s.candidateIds('c', where.in('sourceId', []))).toEqual([]);
      const filter = { must: [{ key: 'sourceId', match: { any: ['a', 'b'] } }] };
      const asked = { filter, limit: 1000, with_payload: { include: ['_kioku_id'] }, with_vector: false };
      expect(stub.requests.map((r) => r.body)).toEqual([asked, { ...asked, offset: nextPoint }]);
    });

    it('rejects a cursor it did not issue before sending anything', async () => {
      const s = await knownStore();
      stub.respond(() => ok({ points: [] }));
      await expect(s.find('c', { limit: 1, cursor: 'not a cursor!' })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
      });
      await expect(s.find('c', { limit: 1, cursor: encodeCursor('not-a-uuid') })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
      });
      expect(stub.calls()).toEqual([]);
    });

    it('counts exactly, with and without a filter', async () => {
      const s = await knownStore();
      stub.respond(() => ok({ count: 42 }));
      expect(await s.count('c')).toBe(42);
      expect(await s.count('c', where.ne('kind', 'note'))).toBe(42);
      expect(stub.requests.map((r) => r.body)).toEqual([
        { exact: true },
        {
          filter: { must_not: [{ is_empty: { key: 'kind' } }, { key: 'kind', match: { value: 'note' } }] },
          exact: true,
        },
      ]);
    });
  });

  describe('lexical index (sparse vector `text` with the IDF modifier)', () => {
    const scrolled = (id: string, document: string) => ({
      id: pointIdOf(id),
      payload: { _kioku_document: document },
    });
    /** The batch a reindex sends for some points: sparse vectors and marker, guarded by the documents. */
    const rewriteBatch = (points: { id: string; document: string }[]) => {
      const unchanged = {
        should: points.map(({ id, document }) => ({
          must: [{ has_id: [pointIdOf(id)] }, { key: '_kioku_document', match: { value: document } }],
        })),
      };
      return {
        operations: [
          {
            update_vectors: {
              points: points.map(({ id, document }) => ({
                id: pointIdOf(id),
                vector: { text: documentSparseVector(document) },
              })),
              update_filter: unchanged,
            },
          },
          { set_payload: { payload: { _kioku_lexical: SPARSE_ENCODING_VERSION }, filter: unchanged } },
        ],
      };
    };

    it('creates a lexical collection with the sparse vector `text` and the IDF modifier', async () => {
      let created = false;
      stub.respond((request) => {
        if (request.method === 'GET')
          return created ? ok(collectionInfo(3, undefined, ALL_INDEXED, true)) : fail(404, 'Not found');
        created = true;
        return ok(true);
      });
      await store().ensureCollection('c', { dimension: 3, lexical: true });
      expect(stub.calls()).toEqual(['GET /collections/c', 'PUT /collections/c', 'GET /collections/c']);
      expect(stub.requests[1].body).toEqual({
        vectors: { size: 3, distance: 'Cosine' },
        sparse_vectors: { text: { modifier: 'idf' } },
        shard_number: 1,
        replication_factor: 1,
        write_consistency_factor: 1,
      });
    });

    it('leaves an existing lexical collection as it is', async () => {
      stub.respond(() => ok(collectionInfo(3, undefined, ALL_INDEXED, true)));
      await store().ensureCollection('c', { dimension: 3, lexical: true });
      expect(stub.calls()).toEqual(['GET /collections/c']);
    });

    it('adds the sparse vector to an existing collection, then writes it for the points already there', async () => {
      let lexical = false;
      stub.respond((request) => {
        if (request.method === 'GET') return ok(collectionInfo(3, undefined, ALL_INDEXED, lexical));
        if (request.url.startsWith('/collections/c/vectors/text')) {
          lexical = true;
          return ok({ operation_id: 1, status: 'completed' });
        }
        if (request.url.startsWith('/collections/c/points/scroll'))
          return ok({ points: [scrolled('a', 'charity race')], next_page_offset: null });
        if (request.url.startsWith('/collections/c/points/query')) return ok({ points: [] });
        return ok([{ operation_id: 2, status: 'completed' }]);
      });
      const s = store();
      await s.ensureCollection('c', { dimension: 3, lexical: true });
      expect(stub.calls()).toEqual([
        'GET /collections/c',
        'PUT /collections/c/vectors/text?wait=true&ordering=medium',
        'GET /collections/c',
        'POST /collections/c/points/scroll',
        'POST /collections/c/points/batch?wait=true&ordering=medium',
      ]);
      expect(stub.requests[1].body).toEqual({ sparse: { modifier: 'idf' } });
      expect(stub.requests[4].body).toEqual(rewriteBatch([{ id: 'a', document: 'charity race' }]));
      // This process has seen the change: its writes carry the sparse vector and it searches it.
      stub.respond(() => ok({ points: [] }));
      await s.upsert('c', [{ id: 'b', vector: [1, 0, 0], metadata: {}, document: 'race' }]);
      await s.searchText('c', { text: 'race', limit: 1 });
      expect(stub.requests[0].body).toMatchObject({
        points: [{ vector: { text: documentSparseVector('race') } }],
      });
      expect(stub.requests[1].body).toMatchObject({ using: 'text' });
    });

    it('accepts the sparse vector added by another process meanwhile', async () => {
      let gets = 0;
      stub.respond((request) => {
        if (request.method === 'GET') return ok(collectionInfo(3, undefined, ALL_INDEXED, gets++ > 0));
        if (request.url.startsWith('/collections/c/vectors/text'))
          return fail(400, 'Wrong input: Vector name text already exists');
        return ok({ points: [], next_page_offset: null });
      });
      await expect(store().ensureCollection('c', { dimension: 3, lexical: true })).resolves.toMatchObject({
        name: 'c',
      });
    });

    it('explains, naming `kioku reindex`, when the server cannot add a vector (Qdrant < 1.18)', async () => {
      stub.respond((request) =>
        request.method === 'GET' ? ok(collectionInfo(3, undefined, ALL_INDEXED)) : fail(404, ''),
      );
      const error = await store()
        .ensureCollection('c', { dimension: 3, lexical: true })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'CONFIG_INVALID', details: { collection: 'c' } });
      expect((error as Error).message).toMatch(/Qdrant 1\.18.*kioku reindex/);
    });

    it('upsert writes dense and sparse vectors and the encoding version in one request', async () => {
      const s = await knownLexicalStore();
      stub.respond(() => ok({ operation_id: 7, status: 'completed' }));
      await s.upsert('c', [
        { id: 'a', vector: [0, 0, 2], metadata: { kind: 'note' }, document: 'Charity race, INC-4471' },
        { id: 'b', vector: [1, 0, 0], metadata: {}, document: '' },
      ]);
      expect(stub.calls()).toEqual(['PUT /collections/c/points?wait=true&ordering=medium']);
      expect(stub.requests[0].body).toEqual({
        points: [
          {
            id: pointIdOf('a'),
            vector: { '': [0, 0, 1], text: documentSparseVector('Charity race, INC-4471') },
            payload: {
              kind: 'note',
              _kioku_id: 'a',
              _kioku_document: 'Charity race, INC-4471',
              _kioku_norm: 2,
              _kioku_lexical: SPARSE_ENCODING_VERSION,
            },
          },
          {
            id: pointIdOf('b'),
            vector: { '': [1, 0, 0], text: { indices: [], values: [] } },
            payload: {
              _kioku_id: 'b',
              _kioku_document: '',
              _kioku_norm: 1,
              _kioku_lexical: SPARSE_ENCODING_VERSION,
            },
          },
        ],
      });
    });

    it('searchText queries the sparse vector with the filter and maps points back to records', async () => {
      const s = await knownLexicalStore();
      stub.respond(() =>
        ok({
          points: [
            {
              id: pointIdOf('best'),
              version: 2,
              score: 3.5,
              payload: { _kioku_id: 'best', _kioku_document: 'charity race', kind: 'note', _kioku_norm: 2 },
              vector: { '': [0, 1, 0], text: { indices: [1], values: [1] } },
            },
            {
              id: pointIdOf('next'),
              version: 1,
              score: 1.25,
              payload: { _kioku_id: 'next', _kioku_document: 'race', kind: 'note', _kioku_lexical: 1 },
              vector: { '': [1, 0, 0] },
            },
          ],
        }),
      );
      const matches = await s.searchText('c', {
        text: 'When was the charity race?',
        limit: 5,
        filter: where.eq('kind', 'note'),
        includeVectors: true,
      });
      expect(stub.calls()).toEqual(['POST /collections/c/points/query']);
      expect(stub.requests[0].body).toEqual({
        query: querySparseVector('charity race'),
        using: 'text',
        filter: { must: [{ key: 'kind', match: { value: 'note' } }] },
        limit: 5,
        with_payload: true,
        with_vector: true,
      });
      expect(querySparseVector('charity race').values).toEqual([1, 1]);
      expect(matches).toEqual([
        { id: 'best', metadata: { kind: 'note' }, document: 'charity race', vector: [0, 2, 0], score: 3.5 },
        { id: 'next', metadata: { kind: 'note' }, document: 'race', vector: [1, 0, 0], score: 1.25 },
      ]);
    });

    it('searchText answers without a points request when nothing can match', async () => {
      const plain = await knownStore();
      stub.respond(() => ok({ points: [] }));
      expect(await plain.searchText('c', { text: 'charity', limit: 3 })).toEqual([]);
      const s = await knownLexicalStore();
      stub.respond(() => ok({ points: [] }));
      expect(await s.searchText('c', { text: 'the, of and ?!', limit: 3 })).toEqual([]);
      expect(await s.searchText('c', { text: 'charity', limit: 3, filter: where.in('kind', []) })).toEqual(
        [],
      );
      expect(stub.calls()).toEqual([]);
    });

    it('patchMetadata only sets payload keys, so the sparse vector stays', async () => {
      const s = await knownLexicalStore();
      stub.respond(() => ok([{ operation_id: 1, status: 'completed' }]));
      await s.patchMetadata('c', [{ id: 'a', metadata: { lastAccessedAtMs: 9 } }]);
      expect(stub.calls()).toEqual(['POST /collections/c/points/batch?wait=true&ordering=medium']);
      expect(stub.requests[0].body).toEqual({
        operations: [
          {
            set_payload: {
              payload: { lastAccessedAtMs: 9 },
              filter: { must: [{ has_id: [pointIdOf('a')] }] },
            },
          },
        ],
      });
    });

    it('reindexText rebuild pages through every point with progress, rewriting only the sparse vector', async () => {
      const s = store();
      const pages = [
        { points: [scrolled('a', 'charity race'), scrolled('b', '記憶')], next_page_offset: pointIdOf('c') },
        { points: [scrolled('c', 'v2.3 release'), { id: 17, payload: {} }], next_page_offset: null },
      ];
      stub.respond((request) => {
        if (request.method === 'GET') return ok(collectionInfo(3, undefined, ALL_INDEXED, true));
        if (request.url.startsWith('/collections/c/points/scroll')) return ok(pages.shift());
        return ok([{ operation_id: 1, status: 'completed' }]);
      });
      const progress: number[] = [];
      const report = await s.reindexText('c', { mode: 'rebuild', onProgress: (seen) => progress.push(seen) });
      expect(report).toEqual({ indexed: 3, removed: 0 });
      expect(progress).toEqual([2, 4]);
      expect(stub.calls()).toEqual([
        'GET /collections/c',
        'POST /collections/c/points/scroll',
        'POST /collections/c/points/batch?wait=true&ordering=medium',
        'POST /collections/c/points/scroll',
        'POST /collections/c/points/batch?wait=true&ordering=medium',
      ]);
      expect(stub.requests[1].body).toEqual({
        limit: 256,
        with_payload: ['_kioku_document'],
        with_vector: false,
      });
      expect(stub.requests[3].body).toMatchObject({ offset: pointIdOf('c') });
      expect(stub.requests[2].body).toEqual(
        rewriteBatch([
          { id: 'a', document: 'charity race' },
          { id: 'b', document: '記憶' },
        ]),
      );
      // The point written by another tool (no kioku document) is left alone.
      expect(stub.requests[4].body).toEqual(rewriteBatch([{ id: 'c', document: 'v2.3 release' }]));
    });

    it('reindexText repair asks only for points without the current encoding version', async () => {
      const s = store();
      stub.respond((request) => {
        if (request.method === 'GET') return ok(collectionInfo(3, undefined, ALL_INDEXED, true));
        if (request.url.startsWith('/collections/c/points/scroll'))
          return ok({ points: [scrolled('old', 'written before')], next_page_offset: null });
        return ok([{ operation_id: 1, status: 'completed' }]);
      });
      expect(await s.reindexText('c', { mode: 'repair' })).toEqual({ indexed: 1, removed: 0 });
      expect(stub.requests[1].body).toEqual({
        filter: { must_not: [{ key: '_kioku_lexical', match: { value: SPARSE_ENCODING_VERSION } }] },
        limit: 256,
        with_payload: ['_kioku_document'],
        with_vector: false,
      });
    });

    it('reindexText sends the batch again without a point deleted meanwhile', async () => {
      const s = store();
      let batches = 0;
      stub.respond((request) => {
        if (request.method === 'GET') return ok(collectionInfo(3, undefined, ALL_INDEXED, true));
        if (request.url.startsWith('/collections/c/points/scroll'))
          return ok({ points: [scrolled('gone', 'x1'), scrolled('kept', 'x2')], next_page_offset: null });
        if (request.url.startsWith('/collections/c/points/batch'))
          return batches++ === 0
            ? fail(404, `Not found: No point with id ${pointIdOf('gone')} found`)
            : ok([{ operation_id: 1, status: 'completed' }]);
        return ok([{ id: pointIdOf('kept'), payload: null }]);
      });
      expect(await s.reindexText('c', { mode: 'rebuild' })).toEqual({ indexed: 1, removed: 0 });
      expect(stub.calls().slice(2)).toEqual([
        'POST /collections/c/points/batch?wait=true&ordering=medium',
        'POST /collections/c/points',
        'POST /collections/c/points/batch?wait=true&ordering=medium',
      ]);
      expect(stub.requests[4].body).toEqual(rewriteBatch([{ id: 'kept', document: 'x2' }]));
    });

    it('reindexText of a collection without a lexical index does nothing', async () => {
      stub.respond(() => ok(collectionInfo(3, undefined, ALL_INDEXED)));
      expect(await store().reindexText('c', { mode: 'rebuild' })).toEqual({ indexed: 0, removed: 0 });
      expect(stub.calls()).toEqual(['GET /collections/c']);
    });
  });

  describe('errors', () => {
    it('a 404 on a collection becomes CollectionNotFoundError', async () => {
      stub.respond(() => fail(404, 'Not found: Collection `gone` doesn’t exist!'));
      await expect(store().count('gone')).rejects.toBeInstanceOf(CollectionNotFoundError);
      await expect(
        store().upsert('gone', [{ id: 'a', vector: [1], metadata: {}, document: '' }]),
      ).rejects.toBeInstanceOf(CollectionNotFoundError);
      expect(await store().describeCollection('gone')).toBeNull();
    });

    it('retries transient 5xx answers with backoff, then succeeds', async () => {
      let attempts = 0;
      stub.respond(() => (++attempts < 3 ? fail(503, 'Service Unavailable') : ok({ count: 1 })));
      expect(await store().count('c')).toBe(1);
      expect(attempts).toBe(3);
    });

    it('gives up after the retries with StoreUnavailableError', async () => {
      stub.respond(() => fail(502, 'Bad Gateway'));
      await expect(store().count('c')).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(stub.requests).toHaveLength(3);
    });

    it('does not retry a rejected request', async () => {
      stub.respond(() => fail(400, 'Format error in JSON body'));
      await expect(store().count('c')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
      expect(stub.requests).toHaveLength(1);
    });

    it('a server-side dimension error becomes DimensionMismatchError and drops the cached dimension', async () => {
      const s = await knownStore();
      stub.respond((request) =>
        request.method === 'PUT'
          ? fail(400, 'Wrong input: Vector dimension error: expected dim: 4, got 3')
          : ok(collectionInfo(4)),
      );
      await expect(
        s.upsert('c', [{ id: 'a', vector: [1, 0, 0], metadata: {}, document: '' }]),
      ).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        details: { expected: 4, actual: 3 },
      });
      await expect(
        s.upsert('c', [{ id: 'a', vector: [1, 0, 0], metadata: {}, document: '' }]),
      ).rejects.toBeInstanceOf(DimensionMismatchError);
      expect(stub.calls()).toEqual([
        'PUT /collections/c/points?wait=true&ordering=medium',
        'GET /collections/c',
      ]);
    });

    it('times out a silent server and reports it unavailable', async () => {
      stub.respond(() => 'hang');
      const s = store({ requestTimeoutMs: 100, retry: { maxRetries: 1, baseDelayMs: 1 } });
      await expect(s.count('c')).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(stub.requests).toHaveLength(2);
    });

    it('reports a refused connection as StoreUnavailableError without the key or credentials', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const s = new QdrantVectorStore({
        url: `http://admin:s3cret@127.0.0.1:${port}`,
        apiKey: 'hunter2',
        retry: { maxRetries: 1, baseDelayMs: 1 },
      });
      const error = await s.count('c').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreUnavailableError);
      const visible = `${(error as Error).message} ${JSON.stringify((error as StoreUnavailableError).details)}`;
      expect(visible).not.toMatch(/s3cret|hunter2|admin/);
      expect(s.url).toBe(`http://127.0.0.1:${port}`);
    });

    it('sends URL credentials as basic auth next to the api key', async () => {
      stub.respond(() => ok({ count: 0 }));
      const s = new QdrantVectorStore({ url: url.replace('http://', 'http://admin:s3cret@'), apiKey: 'k' });
      await s.count('c');
      expect(stub.requests[0].headers['authorization']).toBe(
        `Basic ${Buffer.from('admin:s3cret').toString('base64')}`,
      );
      expect(stub.requests[0].headers['api-key']).toBe('k');
    });
  });

  describe('options', () => {
    it('rejects impossible cluster settings at construction', () => {
      expect(() => store({ replicationFactor: 1, writeConsistencyFactor: 2 })).toThrow(
        expect.objectContaining({ code: 'CONFIG_INVALID' }),
      );
      expect(() => store({ shardNumber: 0 })).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID' }));
      expect(() => store({ writeOrdering: 'fast' as never })).toThrow(
        expect.objectContaining({ code: 'CONFIG_INVALID' }),
      );
      expect(() => store({ readConsistency: 0 })).toThrow(
        expect.objectContaining({ code: 'CONFIG_INVALID' }),
      );
    });
  });
});
