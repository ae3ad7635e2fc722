/**
 * The shared VectorStore contract suite (behaviour §9): one function that registers the same small tests
 * for any adapter. Each adapter has a runner spec that calls `describeVectorStoreContract` with a
 * harness. Every test works in its own uniquely named collection and deletes it afterwards, so runs
 * against a shared server do not interfere.
 */
import {
  CollectionNotFoundError,
  DimensionMismatchError,
  where,
  type Filter,
  type Metadata,
  type StoredRecord,
  type VectorRecord,
  type VectorStore,
} from '@kioku/vector-store';
import {
  FILTER_CASES,
  FILTER_RECORDS,
  TEXT_RECORDS,
  record,
  uniqueCollectionName,
  vectorFor,
} from './vector-store.fixtures';

export interface VectorStoreHarness {
  /** Called once before the suite; the store may be shared by all tests. */
  create(): Promise<VectorStore>;
  /** Called once after the suite (stop servers, close clients). */
  cleanup?(): Promise<void>;
}

export interface VectorStoreContractCapabilities {
  /**
   * Vectors read back equal the written ones exactly. False for backends that store float32 (Chroma):
   * then components are compared to 5 decimals.
   */
  exactVectorRoundTrip?: boolean;
}

const DISTANCE_TOLERANCE = 1e-3;

export function describeVectorStoreContract(
  name: string,
  harness: VectorStoreHarness,
  capabilities: VectorStoreContractCapabilities = {},
): void {
  describe(`VectorStore contract: ${name}`, () => {
    let store: VectorStore;
    const created = new Set<string>();

    beforeAll(async () => {
      store = await harness.create();
    });

    afterEach(async () => {
      for (const collection of created) await store.deleteCollection(collection);
      created.clear();
    });

    afterAll(async () => {
      await harness.cleanup?.();
    });

    async function newCollection(dimension = 3, metadata?: Metadata): Promise<string> {
      const collection = uniqueCollectionName();
      created.add(collection);
      await store.ensureCollection(collection, { dimension, metadata });
      return collection;
    }

    async function seeded(records: VectorRecord[], dimension = 3): Promise<string> {
      const collection = await newCollection(dimension);
      await store.upsert(collection, records);
      return collection;
    }

    async function findAll(collection: string, filter?: Filter, pageSize = 100): Promise<StoredRecord[]> {
      const all: StoredRecord[] = [];
      let cursor: string | undefined;
      for (let pages = 0; pages < 10_000; pages++) {
        const page = await store.find(collection, { filter, limit: pageSize, cursor });
        all.push(...page.records);
        if (!page.nextCursor) return all;
        cursor = page.nextCursor;
      }
      throw new Error('find did not terminate');
    }

    function expectVector(actual: number[] | undefined, expected: number[]): void {
      expect(actual).toBeDefined();
      if (capabilities.exactVectorRoundTrip) {
        expect(actual).toEqual(expected);
        return;
      }
      expect(actual).toHaveLength(expected.length);
      expected.forEach((x, i) => expect((actual as number[])[i]).toBeCloseTo(x, 5));
    }

    const ids = (records: { id: string }[]) => records.map((r) => r.id);
    const sortedIds = (records: { id: string }[]) => ids(records).sort();

    it('exposes a backend name', () => {
      expect(typeof store.backend).toBe('string');
      expect(store.backend.length).toBeGreaterThan(0);
    });

    describe('collections', () => {
      it('ensureCollection creates a collection and returns its info', async () => {
        const collection = uniqueCollectionName();
        created.add(collection);
        const info = await store.ensureCollection(collection, {
          dimension: 4,
          metadata: { model: 'use-lite', v: 2 },
        });
        expect(info).toEqual({ name: collection, dimension: 4, metadata: { model: 'use-lite', v: 2 } });
      });

      it('ensureCollection without metadata gives empty metadata', async () => {
        const collection = await newCollection(3);
        expect(await store.describeCollection(collection)).toEqual({
          name: collection,
          dimension: 3,
          metadata: {},
        });
      });

      it('ensureCollection twice returns the same info and keeps the first dimension and metadata', async () => {
        const collection = await newCollection(3, { model: 'first' });
        const second = await store.ensureCollection(collection, {
          dimension: 5,
          metadata: { model: 'second' },
        });
        expect(second).toEqual({ name: collection, dimension: 3, metadata: { model: 'first' } });
        expect(await store.describeCollection(collection)).toEqual(second);
      });

      it('ensureCollection is safe to call concurrently', async () => {
        const collection = uniqueCollectionName();
        created.add(collection);
        const infos = await Promise.all(
          [1, 2, 3, 4].map(() =>
            store.ensureCollection(collection, { dimension: 3, metadata: { model: 'm' } }),
          ),
        );
        for (const info of infos)
          expect(info).toEqual({ name: collection, dimension: 3, metadata: { model: 'm' } });
      });

      it('describeCollection returns null for a missing collection', async () => {
        expect(await store.describeCollection(uniqueCollectionName())).toBeNull();
      });

      it('updateCollectionMetadata merges keys and keeps the dimension', async () => {
        const collection = await newCollection(3, { model: 'a', keep: true });
        await store.updateCollectionMetadata(collection, { model: 'b', reembedded: 1 });
        expect(await store.describeCollection(collection)).toEqual({
          name: collection,
          dimension: 3,
          metadata: { model: 'b', keep: true, reembedded: 1 },
        });
      });

      it('deleteCollection removes the collection and its records', async () => {
        const collection = await seeded([record('a', [1, 0, 0])]);
        await store.deleteCollection(collection);
        expect(await store.describeCollection(collection)).toBeNull();
        await store.ensureCollection(collection, { dimension: 3 });
        expect(await store.count(collection)).toBe(0);
      });

      it('deleteCollection is a no-op for a missing collection', async () => {
        const collection = uniqueCollectionName();
        await expect(store.deleteCollection(collection)).resolves.toBeUndefined();
        await expect(store.deleteCollection(collection)).resolves.toBeUndefined();
      });

      it('keeps collections apart', async () => {
        const first = await seeded([record('same-id', [1, 0, 0], { which: 'first' })]);
        const second = await seeded([record('same-id', [0, 1, 0], { which: 'second' })]);
        expect((await store.get(first, ['same-id']))[0].metadata).toEqual({ which: 'first' });
        expect((await store.get(second, ['same-id']))[0].metadata).toEqual({ which: 'second' });
        await store.delete(first, ['same-id']);
        expect(await store.count(second)).toBe(1);
      });

      const missingOperations: [string, (s: VectorStore, c: string) => Promise<unknown>][] = [
        ['updateCollectionMetadata', (s, c) => s.updateCollectionMetadata(c, { a: 1 })],
        ['upsert', (s, c) => s.upsert(c, [record('a', [1, 0, 0])])],
        ['patchMetadata', (s, c) => s.patchMetadata(c, [{ id: 'a', metadata: { a: 1 } }])],
        ['get', (s, c) => s.get(c, ['a'])],
        ['find', (s, c) => s.find(c, { limit: 10 })],
        ['query', (s, c) => s.query(c, { vector: [1, 0, 0], limit: 3 })],
        ['count', (s, c) => s.count(c)],
        ['count with a filter', (s, c) => s.count(c, where.eq('a', 1))],
        ['delete', (s, c) => s.delete(c, ['a'])],
        ['deleteWhere', (s, c) => s.deleteWhere(c, where.eq('a', 1))],
      ];
      it.each(missingOperations)(
        '%s on a missing collection throws CollectionNotFoundError',
        async (_, operation) => {
          await expect(operation(store, uniqueCollectionName())).rejects.toBeInstanceOf(
            CollectionNotFoundError,
          );
        },
      );

      it('operations on a deleted collection throw CollectionNotFoundError', async () => {
        const collection = await seeded([record('a', [1, 0, 0])]);
        await store.count(collection);
        await store.deleteCollection(collection);
        await expect(store.count(collection)).rejects.toBeInstanceOf(CollectionNotFoundError);
        await expect(store.upsert(collection, [record('b', [1, 0, 0])])).rejects.toBeInstanceOf(
          CollectionNotFoundError,
        );
      });
    });

    describe('records', () => {
      it('round-trips a record with its vector, metadata and document', async () => {
        const collection = await seeded([record('a', [0.25, -0.5, 0.75], { kind: 'note', n: 7 }, 'hello')]);
        const [stored] = await store.get(collection, ['a'], { includeVectors: true });
        expect(stored.id).toBe('a');
        expect(stored.metadata).toEqual({ kind: 'note', n: 7 });
        expect(stored.document).toBe('hello');
        expectVector(stored.vector, [0.25, -0.5, 0.75]);
      });

      it('round-trips metadata of every scalar type exactly', async () => {
        const metadata: Metadata = {
          text: 'plain',
          empty: '',
          japanese: '記憶は大切です',
          emoji: '🧠✨ memory',
          zero: 0,
          int: 42,
          negative: -7,
          float: 0.125,
          third: 1 / 3,
          tiny: 1e-7,
          timestamp: 1_732_147_200_123,
          yes: true,
          no: false,
        };
        const collection = await seeded([record('a', [1, 0, 0], metadata)]);
        const [stored] = await store.get(collection, ['a']);
        expect(stored.metadata).toEqual(metadata);
        for (const [key, value] of Object.entries(metadata))
          expect(typeof stored.metadata[key]).toBe(typeof value);
      });

      it('round-trips empty metadata', async () => {
        const collection = await seeded([record('a', [1, 0, 0], {})]);
        expect((await store.get(collection, ['a']))[0].metadata).toEqual({});
      });

      it('round-trips documents with unicode, newlines and an empty document', async () => {
        const documents = [
          'ユーザーは味噌ラーメンが大好き。\n次の行🍜',
          'emoji 👩‍👩‍👧‍👦 and combining e\u0301',
          '',
          'x'.repeat(20_000),
        ];
        const collection = await seeded(documents.map((d, i) => record(`d${i}`, vectorFor(i, 3), {}, d)));
        const stored = await store.get(collection, ['d0', 'd1', 'd2', 'd3']);
        expect(stored.map((r) => r.document)).toEqual(documents);
      });

      it('upsert replaces the vector, metadata and document of an existing id', async () => {
        const collection = await seeded([
          record('a', [1, 0, 0], { kind: 'note', old: 'gone', n: 1 }, 'old text'),
        ]);
        await store.upsert(collection, [record('a', [0, 1, 0], { kind: 'task', n: 2.5 }, 'new text')]);
        const [stored] = await store.get(collection, ['a'], { includeVectors: true });
        expect(stored.metadata).toEqual({ kind: 'task', n: 2.5 });
        expect(stored.document).toBe('new text');
        expectVector(stored.vector, [0, 1, 0]);
        expect(await store.count(collection)).toBe(1);
        expect(await store.count(collection, where.eq('old', 'gone'))).toBe(0);
      });

      it('upsert with empty metadata removes every old key', async () => {
        const collection = await seeded([record('a', [1, 0, 0], { kind: 'note', flag: true })]);
        await store.upsert(collection, [record('a', [1, 0, 0], {})]);
        expect((await store.get(collection, ['a']))[0].metadata).toEqual({});
      });

      it('upsert is idempotent', async () => {
        const collection = await newCollection();
        const records = [record('a', [1, 0, 0], { n: 1 }, 'one'), record('b', [0, 1, 0], { n: 2 }, 'two')];
        await store.upsert(collection, records);
        await store.upsert(collection, records);
        expect(await store.count(collection)).toBe(2);
        expect(await store.get(collection, ['a', 'b'])).toEqual([
          { id: 'a', metadata: { n: 1 }, document: 'one' },
          { id: 'b', metadata: { n: 2 }, document: 'two' },
        ]);
      });

      it('upsert with noStaleKeys writes new records and rewrites records that keep their keys', async () => {
        const collection = await newCollection();
        await store.upsert(collection, [record('a', [1, 0, 0], { n: 1, note: '' }, 'one')], {
          noStaleKeys: true,
        });
        await store.upsert(collection, [record('a', [0, 1, 0], { n: 2, note: 'x' }, 'two')], {
          noStaleKeys: true,
        });
        const [stored] = await store.get(collection, ['a'], { includeVectors: true });
        expect(stored.metadata).toEqual({ n: 2, note: 'x' });
        expect(stored.document).toBe('two');
        expectVector(stored.vector, [0, 1, 0]);
      });

      it('upsert of nothing is a no-op', async () => {
        const collection = await seeded([record('a', [1, 0, 0])]);
        await store.upsert(collection, []);
        expect(await store.count(collection)).toBe(1);
      });

      it('concurrent upserts of different ids all land', async () => {
        const collection = await newCollection();
        await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            store.upsert(collection, [record(`m${i}`, vectorFor(i, 3), { i })]),
          ),
        );
        expect(await store.count(collection)).toBe(20);
      });

      it('insertNew writes new ids and keeps the stored version of existing ones', async () => {
        const collection = await seeded([record('a', [1, 0, 0], { owner: 'first' }, 'one')]);
        await store.insertNew(collection, [
          record('a', [0, 1, 0], { owner: 'second' }, 'two'),
          record('b', [0, 0, 1], { owner: 'second' }, 'three'),
          record('b', [1, 0, 0], { owner: 'third' }, 'four'),
        ]);
        expect(await store.get(collection, ['a', 'b'])).toEqual([
          { id: 'a', metadata: { owner: 'first' }, document: 'one' },
          { id: 'b', metadata: { owner: 'second' }, document: 'three' },
        ]);
        await store.insertNew(collection, []);
        expect(await store.count(collection)).toBe(2);
      });

      it('insertNew validates every record before writing any', async () => {
        const collection = await newCollection();
        await expect(
          store.insertNew(collection, [record('a', [1, 0, 0]), record('b', [1, 0])]),
        ).rejects.toBeInstanceOf(DimensionMismatchError);
        expect(await store.count(collection)).toBe(0);
      });

      it('concurrent insertNew of one id keeps exactly one version, the one every caller reads', async () => {
        const collection = await newCollection(1);
        for (let round = 0; round < 10; round++) {
          const id = `claim-${round}`;
          const winners = await Promise.all(
            Array.from({ length: 6 }, async (_, writer) => {
              await store.insertNew(collection, [record(id, [1], { writer })]);
              const [stored] = await store.get(collection, [id]);
              return stored.metadata['writer'] === writer;
            }),
          );
          expect(winners.filter(Boolean)).toHaveLength(1);
        }
      });

      it('callers cannot mutate stored state through written or returned objects', async () => {
        const collection = await newCollection();
        const written = record('a', [1, 0, 0], { kind: 'note' }, 'doc');
        await store.upsert(collection, [written]);
        written.vector[0] = 9;
        written.metadata['kind'] = 'changed';
        const [first] = await store.get(collection, ['a'], { includeVectors: true });
        (first.vector as number[])[0] = 5;
        first.metadata['kind'] = 'mutated';
        const [second] = await store.get(collection, ['a'], { includeVectors: true });
        expect(second.metadata).toEqual({ kind: 'note' });
        expectVector(second.vector, [1, 0, 0]);
      });

      it('patchMetadata merges keys and leaves the vector and document alone', async () => {
        const collection = await seeded([
          record('a', [1, 0, 0], { kind: 'note', n: 1, keep: 'yes' }, 'doc a'),
          record('b', [0, 1, 0], { kind: 'note' }, 'doc b'),
        ]);
        await store.patchMetadata(collection, [
          { id: 'a', metadata: { n: 2.5, added: true } },
          { id: 'missing', metadata: { n: 3 } },
        ]);
        const [a, b] = await store.get(collection, ['a', 'b'], { includeVectors: true });
        expect(a.metadata).toEqual({ kind: 'note', n: 2.5, keep: 'yes', added: true });
        expect(a.document).toBe('doc a');
        expectVector(a.vector, [1, 0, 0]);
        expect(b.metadata).toEqual({ kind: 'note' });
        expect(await store.count(collection)).toBe(2);
        expect(await store.count(collection, where.eq('added', true))).toBe(1);
      });

      it('patchMetadata can change a value type and is idempotent', async () => {
        const collection = await seeded([record('a', [1, 0, 0], { v: 1 })]);
        await store.patchMetadata(collection, [{ id: 'a', metadata: { v: 'one' } }]);
        await store.patchMetadata(collection, [{ id: 'a', metadata: { v: 'one' } }]);
        expect((await store.get(collection, ['a']))[0].metadata).toEqual({ v: 'one' });
      });

      it('get preserves the requested order and skips missing ids', async () => {
        const collection = await seeded(
          ['a', 'b', 'c', 'd'].map((id, i) => record(id, vectorFor(i, 3), { id })),
        );
        const stored = await store.get(collection, ['c', 'missing', 'a', 'd']);
        expect(ids(stored)).toEqual(['c', 'a', 'd']);
        expect(stored.map((r) => r.metadata['id'])).toEqual(['c', 'a', 'd']);
        expect(await store.get(collection, [])).toEqual([]);
      });

      it('get returns vectors only when asked', async () => {
        const collection = await seeded([record('a', [1, 0, 0])]);
        expect((await store.get(collection, ['a']))[0].vector).toBeUndefined();
        expectVector((await store.get(collection, ['a'], { includeVectors: true }))[0].vector, [1, 0, 0]);
      });

      it('delete removes records by id and ignores missing ids', async () => {
        const collection = await seeded(['a', 'b', 'c'].map((id, i) => record(id, vectorFor(i, 3))));
        await store.delete(collection, ['a', 'missing']);
        await store.delete(collection, []);
        expect(sortedIds(await findAll(collection))).toEqual(['b', 'c']);
        await store.delete(collection, ['a']);
        expect(await store.count(collection)).toBe(2);
      });

      it('deleteWhere removes exactly the matching records', async () => {
        const collection = await seeded(FILTER_RECORDS);
        await store.deleteWhere(collection, where.eq('kind', 'note'));
        expect(sortedIds(await findAll(collection))).toEqual(['r3', 'r4', 'r5', 'r6']);
      });

      it('deleteWhere with ne keeps records that lack the field', async () => {
        const collection = await seeded(FILTER_RECORDS);
        await store.deleteWhere(collection, where.ne('kind', 'note'));
        expect(sortedIds(await findAll(collection))).toEqual(['r1', 'r2', 'r6', 'r7']);
      });

      it('deleteWhere with a non-integer bound compares numerically', async () => {
        const collection = await seeded(FILTER_RECORDS);
        await store.deleteWhere(collection, where.lt('n', 2.5));
        expect(sortedIds(await findAll(collection))).toEqual(['r3', 'r5', 'r6', 'r7']);
      });

      it('accepts ids that are not UUIDs and returns them unchanged', async () => {
        const weird = [
          'mem_abc123def456',
          'mem_a>mem_b>similar',
          'link:mem_1:mem_2',
          '記憶-1',
          'with space/slash#hash?q=1',
        ];
        const collection = await seeded(weird.map((id, i) => record(id, vectorFor(i, 3), { n: i }, id)));
        expect(ids(await store.get(collection, [...weird].reverse()))).toEqual([...weird].reverse());
        expect(sortedIds(await findAll(collection))).toEqual([...weird].sort());
        const [nearest] = await store.query(collection, { vector: vectorFor(1, 3), limit: 1 });
        expect(nearest.id).toBe('mem_a>mem_b>similar');
        await store.delete(collection, ['mem_a>mem_b>similar']);
        expect(ids(await store.get(collection, weird))).toEqual(
          weird.filter((id) => id !== 'mem_a>mem_b>similar'),
        );
      });
    });

    describe('dimensions', () => {
      it('upsert with a longer or shorter vector throws DimensionMismatchError and writes nothing', async () => {
        const collection = await newCollection(3);
        await expect(store.upsert(collection, [record('a', [1, 0, 0, 0])])).rejects.toBeInstanceOf(
          DimensionMismatchError,
        );
        await expect(
          store.upsert(collection, [record('b', [1, 0, 0]), record('c', [1, 0])]),
        ).rejects.toBeInstanceOf(DimensionMismatchError);
        expect(await store.count(collection)).toBe(0);
      });

      it('query with a vector of the wrong length throws DimensionMismatchError', async () => {
        const collection = await seeded([record('a', [1, 0, 0])]);
        await expect(store.query(collection, { vector: [1, 0], limit: 1 })).rejects.toBeInstanceOf(
          DimensionMismatchError,
        );
      });

      it('the dimension is enforced before the first record is written', async () => {
        const collection = await newCollection(3);
        await expect(store.query(collection, { vector: [1, 0, 0, 0], limit: 1 })).rejects.toBeInstanceOf(
          DimensionMismatchError,
        );
      });

      it('dimension mismatch errors carry the INVALID_INPUT code', async () => {
        const collection = await newCollection(3);
        await expect(store.upsert(collection, [record('a', [1])])).rejects.toMatchObject({
          code: 'INVALID_INPUT',
        });
      });

      it('a 1-dimensional collection works (link records)', async () => {
        const collection = await seeded(
          [
            record('mem_a>mem_b', [1], { from: 'mem_a', to: 'mem_b', strength: 0.8 }),
            record('mem_b>mem_a', [1], { from: 'mem_b', to: 'mem_a', strength: 0.8 }),
            record('mem_a>mem_c', [-1], { from: 'mem_a', to: 'mem_c', strength: 0.3 }),
          ],
          1,
        );
        expect((await store.describeCollection(collection))?.dimension).toBe(1);
        expect(await store.count(collection, where.eq('from', 'mem_a'))).toBe(2);
        const matches = await store.query(collection, {
          vector: [1],
          limit: 3,
          filter: where.eq('from', 'mem_a'),
        });
        expect(ids(matches)).toEqual(['mem_a>mem_b', 'mem_a>mem_c']);
        expect(matches[0].distance).toBeCloseTo(0, 3);
        expect(matches[1].distance).toBeCloseTo(2, 3);
      });
    });

    describe('query', () => {
      it('orders by ascending cosine distance: identical ≈ 0, orthogonal ≈ 1, opposite ≈ 2', async () => {
        const collection = await seeded([
          record('orthogonal', [0, 1, 0]),
          record('opposite', [-1, 0, 0]),
          record('identical', [1, 0, 0]),
          record('close', [0.9, 0.1, 0]),
        ]);
        const matches = await store.query(collection, { vector: [1, 0, 0], limit: 10 });
        expect(ids(matches)).toEqual(['identical', 'close', 'orthogonal', 'opposite']);
        expect(Math.abs(matches[0].distance - 0)).toBeLessThan(DISTANCE_TOLERANCE);
        expect(matches[1].distance).toBeGreaterThan(0);
        expect(matches[1].distance).toBeLessThan(0.1);
        expect(Math.abs(matches[2].distance - 1)).toBeLessThan(DISTANCE_TOLERANCE);
        expect(Math.abs(matches[3].distance - 2)).toBeLessThan(DISTANCE_TOLERANCE);
      });

      it('ignores vector length (cosine, not euclidean)', async () => {
        const collection = await seeded([record('short', [0.1, 0, 0]), record('long', [0, 50, 0])]);
        const [match] = await store.query(collection, { vector: [30, 0, 0], limit: 1 });
        expect(match.id).toBe('short');
        expect(Math.abs(match.distance)).toBeLessThan(DISTANCE_TOLERANCE);
      });

      it('returns at most limit matches, and every match when limit exceeds the count', async () => {
        const collection = await seeded(FILTER_RECORDS);
        expect(await store.query(collection, { vector: [1, 0, 0], limit: 2 })).toHaveLength(2);
        expect(await store.query(collection, { vector: [1, 0, 0], limit: 50 })).toHaveLength(
          FILTER_RECORDS.length,
        );
      });

      it('returns nothing from an empty collection', async () => {
        const collection = await newCollection();
        expect(await store.query(collection, { vector: [1, 0, 0], limit: 5 })).toEqual([]);
      });

      it('returns metadata and documents, and vectors only when asked', async () => {
        const collection = await seeded([record('a', [1, 0, 0], { kind: 'note' }, 'doc a')]);
        const [without] = await store.query(collection, { vector: [1, 0, 0], limit: 1 });
        expect(without).toMatchObject({ id: 'a', metadata: { kind: 'note' }, document: 'doc a' });
        expect(without.vector).toBeUndefined();
        const [withVector] = await store.query(collection, {
          vector: [1, 0, 0],
          limit: 1,
          includeVectors: true,
        });
        expectVector(withVector.vector, [1, 0, 0]);
      });

      it('applies the filter before the limit', async () => {
        const collection = await seeded(FILTER_RECORDS);
        const matches = await store.query(collection, {
          vector: [1, 0, 0],
          limit: 2,
          filter: where.eq('kind', 'task'),
        });
        expect(ids(matches)).toEqual(['r5', 'r3']);
      });

      it('applies ne before the limit without returning records that lack the field', async () => {
        const collection = await seeded([
          record('no-field-1', [1, 0, 0]),
          record('no-field-2', [0.99, 0.01, 0]),
          record('no-field-3', [0.98, 0.02, 0]),
          record('other', [0, 1, 0], { kind: 'task' }),
          record('same', [0.5, 0.5, 0], { kind: 'note' }),
        ]);
        const matches = await store.query(collection, {
          vector: [1, 0, 0],
          limit: 1,
          filter: where.ne('kind', 'note'),
        });
        expect(ids(matches)).toEqual(['other']);
      });
    });

    describe('filters', () => {
      it.each(FILTER_CASES)('$title: find, count and query agree', async ({ filter, expected }) => {
        const collection = await seeded(FILTER_RECORDS);
        expect(sortedIds(await findAll(collection, filter))).toEqual([...expected].sort());
        expect(await store.count(collection, filter)).toBe(expected.length);
        const matches = await store.query(collection, { vector: [1, 0, 0], limit: 20, filter });
        expect(sortedIds(matches)).toEqual([...expected].sort());
      });
    });

    describe('text filters', () => {
      const textCases: [string, string[], string[]][] = [
        ['a Japanese substring', ['ラーメン'], ['t1']],
        ['a two-character Japanese substring', ['味噌'], ['t1']],
        ['an exact-case token (case-sensitive)', ['INC-4471'], ['t2']],
        ['any of several substrings', ['ラー', 'INC-4471'], ['t1', 't2']],
        ['an emoji', ['🎉'], ['t4']],
        ['a substring nobody has', ['zzz'], []],
        ['no substrings at all', [], []],
      ];

      it.each(textCases)('find matches %s', async (_, containsAny, expected) => {
        const collection = await seeded(TEXT_RECORDS);
        const page = await store.find(collection, { text: { containsAny }, limit: 100 });
        expect(sortedIds(page.records)).toEqual(expected);
      });

      it.each(textCases)('query matches %s', async (_, containsAny, expected) => {
        const collection = await seeded(TEXT_RECORDS);
        const matches = await store.query(collection, {
          vector: [1, 0, 0],
          limit: 10,
          text: { containsAny },
        });
        expect(sortedIds(matches)).toEqual(expected);
      });

      it('combines a text filter with a metadata filter', async () => {
        const collection = await seeded(TEXT_RECORDS);
        const text = { containsAny: ['INC-4471', 'inc-4471', 'ラーメン'] };
        const page = await store.find(collection, { text, filter: where.eq('lang', 'en'), limit: 100 });
        expect(sortedIds(page.records)).toEqual(['t2', 't3']);
        const matches = await store.query(collection, {
          vector: [0, 0, 1],
          limit: 1,
          text,
          filter: where.eq('lang', 'en'),
        });
        expect(ids(matches)).toEqual(['t3']);
      });
    });

    describe('paging', () => {
      it('pages through 250 records with page size 40, every id exactly once', async () => {
        const total = 250;
        const collection = await seeded(
          Array.from({ length: total }, (_, i) =>
            record(`mem_${String(i).padStart(4, '0')}`, vectorFor(i, 4), { i }, `doc ${i}`),
          ),
          4,
        );
        const seen: string[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const page = await store.find(collection, { limit: 40, cursor });
          expect(page.records.length).toBeLessThanOrEqual(40);
          seen.push(...ids(page.records));
          cursor = page.nextCursor;
          pages++;
        } while (cursor && pages < 100);
        expect(seen).toHaveLength(total);
        expect(new Set(seen).size).toBe(total);
        expect(pages).toBeGreaterThanOrEqual(7);
        expect(pages).toBeLessThanOrEqual(8);
      });

      it('pages through a filtered subset', async () => {
        const collection = await seeded(
          Array.from({ length: 90 }, (_, i) =>
            record(`m${i}`, vectorFor(i, 3), { parity: i % 2 === 0 ? 'even' : 'odd', i }),
          ),
        );
        const even = await findAll(collection, where.eq('parity', 'even'), 7);
        expect(even).toHaveLength(45);
        expect(new Set(ids(even)).size).toBe(45);
        expect(even.every((r) => r.metadata['parity'] === 'even')).toBe(true);
      });

      it('gives a stable order across scans', async () => {
        const collection = await seeded(
          Array.from({ length: 30 }, (_, i) => record(`s${i}`, vectorFor(i, 3))),
        );
        expect(ids(await findAll(collection, undefined, 8))).toEqual(
          ids(await findAll(collection, undefined, 8)),
        );
      });

      it('returns an empty page without a cursor for an empty collection', async () => {
        const collection = await newCollection();
        expect(await store.find(collection, { limit: 10 })).toEqual({ records: [] });
      });

      it('returns vectors from find only when asked', async () => {
        const collection = await seeded([record('a', [1, 0, 0])]);
        expect((await store.find(collection, { limit: 1 })).records[0].vector).toBeUndefined();
        expectVector(
          (await store.find(collection, { limit: 1, includeVectors: true })).records[0].vector,
          [1, 0, 0],
        );
      });

      it('rejects a cursor it did not issue', async () => {
        const collection = await seeded([record('a', [1, 0, 0])]);
        await expect(store.find(collection, { limit: 1, cursor: 'not a cursor!' })).rejects.toMatchObject({
          code: 'INVALID_INPUT',
        });
      });
    });

    describe('count', () => {
      it('counts all records and the records matching a filter', async () => {
        const collection = await seeded(FILTER_RECORDS);
        expect(await store.count(collection)).toBe(FILTER_RECORDS.length);
        expect(await store.count(collection, where.eq('kind', 'note'))).toBe(3);
        expect(await store.count(collection, where.eq('kind', 'nothing'))).toBe(0);
      });

      it('counts zero in an empty collection', async () => {
        const collection = await newCollection();
        expect(await store.count(collection)).toBe(0);
        expect(await store.count(collection, where.eq('kind', 'note'))).toBe(0);
      });
    });

    describe('invalid input', () => {
      it('rejects non-finite numbers in metadata and writes nothing', async () => {
        const collection = await newCollection();
        await expect(
          store.upsert(collection, [
            record('a', [1, 0, 0], { ok: 1 }),
            record('b', [1, 0, 0], { bad: Number.NaN }),
          ]),
        ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
        expect(await store.count(collection)).toBe(0);
      });

      it('rejects a limit below 1', async () => {
        const collection = await seeded([record('a', [1, 0, 0])]);
        await expect(store.query(collection, { vector: [1, 0, 0], limit: 0 })).rejects.toMatchObject({
          code: 'INVALID_INPUT',
        });
        await expect(store.find(collection, { limit: 0 })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
      });
    });
  });
}
