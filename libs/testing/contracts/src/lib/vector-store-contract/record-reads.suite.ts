/** Records by id: get, delete, deleteWhere, ids of any shape. */
import { where } from '@kioku/vector-store';
import { FILTER_RECORDS, record, vectorFor } from '../vector-store.fixtures';
import type { VectorStoreContractContext } from './vector-store-contract.context';

export function describeRecordReadContract(t: VectorStoreContractContext): void {
  const { seeded, findAll, expectVector, ids, sortedIds } = t;

  describe('records', () => {
    it('get preserves the requested order and skips missing ids', async () => {
      const collection = await seeded(
        ['a', 'b', 'c', 'd'].map((id, i) => record(id, vectorFor(i, 3), { id })),
      );
      const stored = await t.store.get(collection, ['c', 'missing', 'a', 'd']);
      expect(ids(stored)).toEqual(['c', 'a', 'd']);
      expect(stored.map((r) => r.metadata['id'])).toEqual(['c', 'a', 'd']);
      expect(await t.store.get(collection, [])).toEqual([]);
    });

    it('get returns vectors only when asked', async () => {
      const collection = await seeded([record('a', [1, 0, 0])]);
      expect((await t.store.get(collection, ['a']))[0].vector).toBeUndefined();
      expectVector((await t.store.get(collection, ['a'], { includeVectors: true }))[0].vector, [1, 0, 0]);
    });

    it('existingIds tells which ids are stored, in the requested order, each once', async () => {
      const collection = await seeded(['a', 'b', 'c'].map((id, i) => record(id, vectorFor(i, 3))));
      expect(await t.store.existingIds(collection, ['c', 'missing', 'a', 'c'])).toEqual(['c', 'a']);
      expect(await t.store.existingIds(collection, [])).toEqual([]);
      await t.store.delete(collection, ['c']);
      expect(await t.store.existingIds(collection, ['a', 'b', 'c'])).toEqual(['a', 'b']);
    });

    it('delete removes records by id and ignores missing ids', async () => {
      const collection = await seeded(['a', 'b', 'c'].map((id, i) => record(id, vectorFor(i, 3))));
      await t.store.delete(collection, ['a', 'missing']);
      await t.store.delete(collection, []);
      expect(sortedIds(await findAll(collection))).toEqual(['b', 'c']);
      await t.store.delete(collection, ['a']);
      expect(await t.store.count(collection)).toBe(2);
    });

    it('deleteWhere removes exactly the matching records', async () => {
      const collection = await seeded(FILTER_RECORDS);
      await t.store.deleteWhere(collection, where.eq('kind', 'note'));
      expect(sortedIds(await findAll(collection))).toEqual(['r3', 'r4', 'r5', 'r6']);
    });

    it('deleteWhere with ne keeps records that lack the field', async () => {
      const collection = await seeded(FILTER_RECORDS);
      await t.store.deleteWhere(collection, where.ne('kind', 'note'));
      expect(sortedIds(await findAll(collection))).toEqual(['r1', 'r2', 'r6', 'r7']);
    });

    it('deleteWhere with a non-integer bound compares numerically', async () => {
      const collection = await seeded(FILTER_RECORDS);
      await t.store.deleteWhere(collection, where.lt('n', 2.5));
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
      expect(ids(await t.store.get(collection, [...weird].reverse()))).toEqual([...weird].reverse());
      expect(await t.store.existingIds(collection, weird)).toEqual(weird);
      expect(sortedIds(await findAll(collection))).toEqual([...weird].sort());
      const [nearest] = await t.store.query(collection, { vector: vectorFor(1, 3), limit: 1 });
      expect(nearest.id).toBe('mem_a>mem_b>similar');
      await t.store.delete(collection, ['mem_a>mem_b>similar']);
      expect(ids(await t.store.get(collection, weird))).toEqual(
        weird.filter((id) => id !== 'mem_a>mem_b>similar'),
      );
    });
  });
}
