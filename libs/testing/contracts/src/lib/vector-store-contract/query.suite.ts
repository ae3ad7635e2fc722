/** Similarity queries, metadata filters and text filters. */
import { where } from '@kioku/vector-store';
import { FILTER_CASES, FILTER_RECORDS, TEXT_RECORDS, record } from '../vector-store.fixtures';
import type { VectorStoreContractContext } from './vector-store-contract.context';

export function describeQueryContract(t: VectorStoreContractContext): void {
  const { newCollection, seeded, findAll, expectVector, ids, sortedIds, DISTANCE_TOLERANCE } = t;

  describe('query', () => {
    it('orders by ascending cosine distance: identical ≈ 0, orthogonal ≈ 1, opposite ≈ 2', async () => {
      const collection = await seeded([
        record('orthogonal', [0, 1, 0]),
        record('opposite', [-1, 0, 0]),
        record('identical', [1, 0, 0]),
        record('close', [0.9, 0.1, 0]),
      ]);
      const matches = await t.store.query(collection, { vector: [1, 0, 0], limit: 10 });
      expect(ids(matches)).toEqual(['identical', 'close', 'orthogonal', 'opposite']);
      expect(Math.abs(matches[0].distance - 0)).toBeLessThan(DISTANCE_TOLERANCE);
      expect(matches[1].distance).toBeGreaterThan(0);
      expect(matches[1].distance).toBeLessThan(0.1);
      expect(Math.abs(matches[2].distance - 1)).toBeLessThan(DISTANCE_TOLERANCE);
      expect(Math.abs(matches[3].distance - 2)).toBeLessThan(DISTANCE_TOLERANCE);
    });

    it('answers several queries at once, each as query answers it, in request order', async () => {
      const collection = await seeded(FILTER_RECORDS);
      const vectors = [
        [1, 0, 0],
        [0, 1, 0],
        [0, 0, 1],
      ];
      const requests = vectors.map((vector) => ({ vector, limit: 3 }));
      const many = await t.store.queryMany(collection, requests);
      const each = await Promise.all(requests.map((r) => t.store.query(collection, r)));
      expect(many.map(ids)).toEqual(each.map(ids));
      many.forEach((matches, i) =>
        matches.forEach((m, j) =>
          expect(Math.abs(m.distance - each[i][j].distance)).toBeLessThan(DISTANCE_TOLERANCE),
        ),
      );
      const filtered = [{ vector: [1, 0, 0], limit: 10, filter: where.eq('kind', 'note') }, requests[1]];
      expect((await t.store.queryMany(collection, filtered)).map(ids)).toEqual(
        await Promise.all(filtered.map(async (r) => ids(await t.store.query(collection, r)))),
      );
      expect(await t.store.queryMany(collection, [])).toEqual([]);
    });

    it('ignores vector length (cosine, not euclidean)', async () => {
      const collection = await seeded([record('short', [0.1, 0, 0]), record('long', [0, 50, 0])]);
      const [match] = await t.store.query(collection, { vector: [30, 0, 0], limit: 1 });
      expect(match.id).toBe('short');
      expect(Math.abs(match.distance)).toBeLessThan(DISTANCE_TOLERANCE);
    });

    it('returns at most limit matches, and every match when limit exceeds the count', async () => {
      const collection = await seeded(FILTER_RECORDS);
      expect(await t.store.query(collection, { vector: [1, 0, 0], limit: 2 })).toHaveLength(2);
      expect(await t.store.query(collection, { vector: [1, 0, 0], limit: 50 })).toHaveLength(
        FILTER_RECORDS.length,
      );
    });

    it('returns nothing from an empty collection', async () => {
      const collection = await newCollection();
      expect(await t.store.query(collection, { vector: [1, 0, 0], limit: 5 })).toEqual([]);
    });

    it('returns metadata and documents, and vectors only when asked', async () => {
      const collection = await seeded([record('a', [1, 0, 0], { kind: 'note' }, 'doc a')]);
      const [without] = await t.store.query(collection, { vector: [1, 0, 0], limit: 1 });
      expect(without).toMatchObject({ id: 'a', metadata: { kind: 'note' }, document: 'doc a' });
      expect(without.vector).toBeUndefined();
      const [withVector] = await t.store.query(collection, {
        vector: [1, 0, 0],
        limit: 1,
        includeVectors: true,
      });
      expectVector(withVector.vector, [1, 0, 0]);
    });

    it('applies the filter before the limit', async () => {
      const collection = await seeded(FILTER_RECORDS);
      const matches = await t.store.query(collection, {
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
      const matches = await t.store.query(collection, {
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
      expect(await t.store.count(collection, filter)).toBe(expected.length);
      const matches = await t.store.query(collection, { vector: [1, 0, 0], limit: 20, filter });
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
      const page = await t.store.find(collection, { text: { containsAny }, limit: 100 });
      expect(sortedIds(page.records)).toEqual(expected);
    });

    it.each(textCases)('query matches %s', async (_, containsAny, expected) => {
      const collection = await seeded(TEXT_RECORDS);
      const matches = await t.store.query(collection, {
        vector: [1, 0, 0],
        limit: 10,
        text: { containsAny },
      });
      expect(sortedIds(matches)).toEqual(expected);
    });

    it('combines a text filter with a metadata filter', async () => {
      const collection = await seeded(TEXT_RECORDS);
      const text = { containsAny: ['INC-4471', 'inc-4471', 'ラーメン'] };
      const page = await t.store.find(collection, { text, filter: where.eq('lang', 'en'), limit: 100 });
      expect(sortedIds(page.records)).toEqual(['t2', 't3']);
      const matches = await t.store.query(collection, {
        vector: [0, 0, 1],
        limit: 1,
        text,
        filter: where.eq('lang', 'en'),
      });
      expect(ids(matches)).toEqual(['t3']);
    });
  });
}
