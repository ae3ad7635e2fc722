/** Paging with find, counting, and invalid input. */
import { where } from '@kioku/vector-store';
import { FILTER_RECORDS, record, vectorFor } from '../vector-store.fixtures';
import type { VectorStoreContractContext } from './vector-store-contract.context';

export function describeFindAndCountContract(t: VectorStoreContractContext): void {
  const { newCollection, seeded, findAll, expectVector, ids } = t;

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
        const page = await t.store.find(collection, { limit: 40, cursor });
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
      const collection = await seeded(Array.from({ length: 30 }, (_, i) => record(`s${i}`, vectorFor(i, 3))));
      expect(ids(await findAll(collection, undefined, 8))).toEqual(
        ids(await findAll(collection, undefined, 8)),
      );
    });

    it('returns an empty page without a cursor for an empty collection', async () => {
      const collection = await newCollection();
      expect(await t.store.find(collection, { limit: 10 })).toEqual({ records: [] });
    });

    it('returns vectors from find only when asked', async () => {
      const collection = await seeded([record('a', [1, 0, 0])]);
      expect((await t.store.find(collection, { limit: 1 })).records[0].vector).toBeUndefined();
      expectVector(
        (await t.store.find(collection, { limit: 1, includeVectors: true })).records[0].vector,
        [1, 0, 0],
      );
    });

    it('rejects a cursor it did not issue', async () => {
      const collection = await seeded([record('a', [1, 0, 0])]);
      await expect(t.store.find(collection, { limit: 1, cursor: 'not a cursor!' })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
      });
    });
  });

  describe('count', () => {
    it('counts all records and the records matching a filter', async () => {
      const collection = await seeded(FILTER_RECORDS);
      expect(await t.store.count(collection)).toBe(FILTER_RECORDS.length);
      expect(await t.store.count(collection, where.eq('kind', 'note'))).toBe(3);
      expect(await t.store.count(collection, where.eq('kind', 'nothing'))).toBe(0);
    });

    it('counts zero in an empty collection', async () => {
      const collection = await newCollection();
      expect(await t.store.count(collection)).toBe(0);
      expect(await t.store.count(collection, where.eq('kind', 'note'))).toBe(0);
    });
  });

  describe('invalid input', () => {
    it('rejects non-finite numbers in metadata and writes nothing', async () => {
      const collection = await newCollection();
      await expect(
        t.store.upsert(collection, [
          record('a', [1, 0, 0], { ok: 1 }),
          record('b', [1, 0, 0], { bad: Number.NaN }),
        ]),
      ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
      expect(await t.store.count(collection)).toBe(0);
    });

    it('rejects a limit below 1', async () => {
      const collection = await seeded([record('a', [1, 0, 0])]);
      await expect(t.store.query(collection, { vector: [1, 0, 0], limit: 0 })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
      });
      await expect(t.store.find(collection, { limit: 0 })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    });
  });
}
