/** Collections: create, describe, metadata, delete; and the dimension every collection enforces. */
import {
  CollectionNotFoundError,
  DimensionMismatchError,
  where,
  type VectorStore,
} from '@kioku/vector-store';
import { record, uniqueCollectionName } from '../vector-store.fixtures';
import type { VectorStoreContractContext } from './vector-store-contract.context';

export function describeCollectionContract(t: VectorStoreContractContext): void {
  const { newCollection, seeded, ids, created } = t;

  describe('collections', () => {
    it('ensureCollection creates a collection and returns its info', async () => {
      const collection = uniqueCollectionName();
      created.add(collection);
      const info = await t.store.ensureCollection(collection, {
        dimension: 4,
        metadata: { model: 'use-lite', v: 2 },
      });
      expect(info).toEqual({ name: collection, dimension: 4, metadata: { model: 'use-lite', v: 2 } });
    });

    it('ensureCollection without metadata gives empty metadata', async () => {
      const collection = await newCollection(3);
      expect(await t.store.describeCollection(collection)).toEqual({
        name: collection,
        dimension: 3,
        metadata: {},
      });
    });

    it('ensureCollection twice returns the same info and keeps the first dimension and metadata', async () => {
      const collection = await newCollection(3, { model: 'first' });
      const second = await t.store.ensureCollection(collection, {
        dimension: 5,
        metadata: { model: 'second' },
      });
      expect(second).toEqual({ name: collection, dimension: 3, metadata: { model: 'first' } });
      expect(await t.store.describeCollection(collection)).toEqual(second);
    });

    it('ensureCollection is safe to call concurrently', async () => {
      const collection = uniqueCollectionName();
      created.add(collection);
      const infos = await Promise.all(
        [1, 2, 3, 4].map(() =>
          t.store.ensureCollection(collection, { dimension: 3, metadata: { model: 'm' } }),
        ),
      );
      for (const info of infos)
        expect(info).toEqual({ name: collection, dimension: 3, metadata: { model: 'm' } });
    });

    it('describeCollection returns null for a missing collection', async () => {
      expect(await t.store.describeCollection(uniqueCollectionName())).toBeNull();
    });

    it('updateCollectionMetadata merges keys and keeps the dimension', async () => {
      const collection = await newCollection(3, { model: 'a', keep: true });
      await t.store.updateCollectionMetadata(collection, { model: 'b', reembedded: 1 });
      expect(await t.store.describeCollection(collection)).toEqual({
        name: collection,
        dimension: 3,
        metadata: { model: 'b', keep: true, reembedded: 1 },
      });
    });

    it('deleteCollection removes the collection and its records', async () => {
      const collection = await seeded([record('a', [1, 0, 0])]);
      await t.store.deleteCollection(collection);
      expect(await t.store.describeCollection(collection)).toBeNull();
      await t.store.ensureCollection(collection, { dimension: 3 });
      expect(await t.store.count(collection)).toBe(0);
    });

    it('listCollections names every collection, and no longer a deleted one', async () => {
      const [first, second] = [await newCollection(), await newCollection(4)];
      const listed = await t.store.listCollections();
      expect(listed).toEqual(expect.arrayContaining([first, second]));
      await t.store.deleteCollection(first);
      const after = await t.store.listCollections();
      expect(after).toContain(second);
      expect(after).not.toContain(first);
    });

    it('deleteCollection is a no-op for a missing collection', async () => {
      const collection = uniqueCollectionName();
      await expect(t.store.deleteCollection(collection)).resolves.toBeUndefined();
      await expect(t.store.deleteCollection(collection)).resolves.toBeUndefined();
    });

    it('keeps collections apart', async () => {
      const first = await seeded([record('same-id', [1, 0, 0], { which: 'first' })]);
      const second = await seeded([record('same-id', [0, 1, 0], { which: 'second' })]);
      expect((await t.store.get(first, ['same-id']))[0].metadata).toEqual({ which: 'first' });
      expect((await t.store.get(second, ['same-id']))[0].metadata).toEqual({ which: 'second' });
      await t.store.delete(first, ['same-id']);
      expect(await t.store.count(second)).toBe(1);
    });

    const missingOperations: [string, (s: VectorStore, c: string) => Promise<unknown>][] = [
      ['updateCollectionMetadata', (s, c) => s.updateCollectionMetadata(c, { a: 1 })],
      ['upsert', (s, c) => s.upsert(c, [record('a', [1, 0, 0])])],
      ['patchMetadata', (s, c) => s.patchMetadata(c, [{ id: 'a', metadata: { a: 1 } }])],
      ['get', (s, c) => s.get(c, ['a'])],
      ['find', (s, c) => s.find(c, { limit: 10 })],
      ['candidateIds', (s, c) => s.candidateIds(c, where.eq('a', 1))],
      ['query', (s, c) => s.query(c, { vector: [1, 0, 0], limit: 3 })],
      ['count', (s, c) => s.count(c)],
      ['count with a filter', (s, c) => s.count(c, where.eq('a', 1))],
      ['delete', (s, c) => s.delete(c, ['a'])],
      ['deleteWhere', (s, c) => s.deleteWhere(c, where.eq('a', 1))],
    ];
    it.each(missingOperations)(
      '%s on a missing collection throws CollectionNotFoundError',
      async (_, operation) => {
        await expect(operation(t.store, uniqueCollectionName())).rejects.toBeInstanceOf(
          CollectionNotFoundError,
        );
      },
    );

    it('operations on a deleted collection throw CollectionNotFoundError', async () => {
      const collection = await seeded([record('a', [1, 0, 0])]);
      await t.store.count(collection);
      await t.store.deleteCollection(collection);
      await expect(t.store.count(collection)).rejects.toBeInstanceOf(CollectionNotFoundError);
      await expect(t.store.upsert(collection, [record('b', [1, 0, 0])])).rejects.toBeInstanceOf(
        CollectionNotFoundError,
      );
    });
  });

  describe('dimensions', () => {
    it('upsert with a longer or shorter vector throws DimensionMismatchError and writes nothing', async () => {
      const collection = await newCollection(3);
      await expect(t.store.upsert(collection, [record('a', [1, 0, 0, 0])])).rejects.toBeInstanceOf(
        DimensionMismatchError,
      );
      await expect(
        t.store.upsert(collection, [record('b', [1, 0, 0]), record('c', [1, 0])]),
      ).rejects.toBeInstanceOf(DimensionMismatchError);
      expect(await t.store.count(collection)).toBe(0);
    });

    it('query with a vector of the wrong length throws DimensionMismatchError', async () => {
      const collection = await seeded([record('a', [1, 0, 0])]);
      await expect(t.store.query(collection, { vector: [1, 0], limit: 1 })).rejects.toBeInstanceOf(
        DimensionMismatchError,
      );
    });

    it('the dimension is enforced before the first record is written', async () => {
      const collection = await newCollection(3);
      await expect(t.store.query(collection, { vector: [1, 0, 0, 0], limit: 1 })).rejects.toBeInstanceOf(
        DimensionMismatchError,
      );
    });

    it('dimension mismatch errors carry the INVALID_INPUT code', async () => {
      const collection = await newCollection(3);
      await expect(t.store.upsert(collection, [record('a', [1])])).rejects.toMatchObject({
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
      expect((await t.store.describeCollection(collection))?.dimension).toBe(1);
      expect(await t.store.count(collection, where.eq('from', 'mem_a'))).toBe(2);
      const matches = await t.store.query(collection, {
        vector: [1],
        limit: 3,
        filter: where.eq('from', 'mem_a'),
      });
      expect(ids(matches)).toEqual(['mem_a>mem_b', 'mem_a>mem_c']);
      expect(matches[0].distance).toBeCloseTo(0, 3);
      expect(matches[1].distance).toBeCloseTo(2, 3);
    });
  });
}
