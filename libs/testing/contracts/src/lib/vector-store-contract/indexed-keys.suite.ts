/**
 * `indexedKeys`: a speed hint only. A collection that asks for them finds exactly what one without
 * them finds, for filters the index can answer and filters it cannot, through every kind of write,
 * page after page, and when the keys are asked for on a collection that already holds records. Its
 * `candidateIds` name every match (more are allowed: the index answers without the records).
 */
import { allOf, where, type Filter, type VectorRecord } from '@kioku/vector-store';
import { record, uniqueCollectionName } from '../vector-store.fixtures';
import type { VectorStoreContractContext } from './vector-store-contract.context';

const KEYS = ['sourceId', 'targetId'];

/** 40 pairs over 8 ends; `weight` and `flag` are not indexed; one record lacks `targetId`. */
function pairs(): VectorRecord[] {
  const records = Array.from({ length: 40 }, (_, i) =>
    record(`p${String(i).padStart(2, '0')}`, [1], {
      sourceId: `m${i % 8}`,
      targetId: `m${(i * 3 + 1) % 8}`,
      type: i % 3 === 0 ? 'similar' : 'related',
      weight: i,
    }),
  );
  records.push(record('odd-types', [1], { sourceId: 1, targetId: true, type: 'similar' }));
  records.push(record('one-ended', [1], { sourceId: 'm1', type: 'similar' }));
  return records;
}

const FILTERS: Record<string, Filter> = {
  'eq on one key': where.eq('sourceId', 'm3'),
  'in on one key': where.in('targetId', ['m1', 'm4', 'nowhere']),
  'or over both keys': where.or(where.in('sourceId', ['m1', 'm2']), where.in('targetId', ['m1', 'm2'])),
  'and with a key that is not indexed': allOf(
    where.or(where.eq('sourceId', 'm5'), where.eq('targetId', 'm5')),
    where.eq('type', 'similar'),
  ) as Filter,
  'a number and a boolean, not their strings': where.or(where.eq('sourceId', 1), where.eq('targetId', true)),
  'the string of a number': where.eq('sourceId', '1'),
  'nin (answered by a scan)': where.nin('sourceId', ['m1', 'm2', 'm3']),
  'or with a branch on another key (answered by a scan)': where.or(
    where.eq('sourceId', 'm6'),
    where.gte('weight', 35),
  ),
};

export function describeIndexedKeysContract(t: VectorStoreContractContext): void {
  describe('indexedKeys', () => {
    async function twins(records: VectorRecord[]): Promise<{ indexed: string; plain: string }> {
      const indexed = uniqueCollectionName('keyed');
      const plain = uniqueCollectionName('plain');
      t.created.add(indexed);
      t.created.add(plain);
      await t.store.ensureCollection(indexed, { dimension: 1, indexedKeys: KEYS });
      await t.store.ensureCollection(plain, { dimension: 1 });
      for (const collection of [indexed, plain]) await t.store.upsert(collection, records);
      return { indexed, plain };
    }

    async function expectSameFinds(collections: { indexed: string; plain: string }, pageSize = 4) {
      for (const [label, filter] of Object.entries(FILTERS)) {
        const found = t.sortedIds(await t.findAll(collections.indexed, filter, pageSize));
        const matches = t.sortedIds(await t.findAll(collections.plain, filter, pageSize));
        expect({ label, found }).toEqual({ label, found: matches });
        const candidates = await t.store.candidateIds(collections.indexed, filter);
        expect({ label, candidates }).toEqual({ label, candidates: expect.arrayContaining(matches) });
      }
    }

    it('finds what a collection without them finds, page after page, each record once', async () => {
      const collections = await twins(pairs());
      await expectSameFinds(collections, 3);
      const or = await t.findAll(collections.indexed, FILTERS['or over both keys'], 2);
      expect(new Set(t.ids(or)).size).toBe(or.length);
      expect(or.length).toBeGreaterThan(10);
    });

    it('candidateIds names every match, ascending and once: exactly without the keys', async () => {
      const collections = await twins(pairs());
      for (const [label, filter] of Object.entries(FILTERS)) {
        const matches = t.sortedIds(await t.findAll(collections.plain, filter));
        const plain = await t.store.candidateIds(collections.plain, filter);
        const keyed = await t.store.candidateIds(collections.indexed, filter);
        expect({ label, plain }).toEqual({ label, plain: matches });
        expect({ label, keyed }).toEqual({ label, keyed: [...new Set(keyed)].sort() });
      }
      expect(await t.store.candidateIds(collections.indexed, where.eq('sourceId', 'm3'))).toEqual(
        t.sortedIds(await t.findAll(collections.plain, where.eq('sourceId', 'm3'))),
      );
    });

    it('follows upserts that change a key, metadata patches, inserts and deletes', async () => {
      const collections = await twins(pairs());
      for (const collection of [collections.indexed, collections.plain]) {
        await t.store.upsert(collection, [
          record('p03', [1], { sourceId: 'm7', targetId: 'm0', type: 'similar', weight: 3 }),
        ]);
        await t.store.patchMetadata(collection, [{ id: 'p05', metadata: { targetId: 'm2' } }]);
        await t.store.insertNew(collection, [
          record('new', [1], { sourceId: 'm3', targetId: 'm1', type: 'x' }),
        ]);
        await t.store.delete(collection, ['p01', 'p09']);
        await t.store.deleteWhere(
          collection,
          where.or(where.eq('sourceId', 'm4'), where.eq('targetId', 'm4')),
        );
      }
      await expectSameFinds(collections);
      expect(t.ids(await t.findAll(collections.indexed, where.eq('sourceId', 'm3')))).not.toContain('p03');
      expect(await t.findAll(collections.indexed, where.eq('targetId', 'm4'))).toEqual([]);
    });

    it('answers filters of thousands of values, with and without the keys', async () => {
      // Consolidation asks for the links of a whole window of memories at once.
      const ends = Array.from({ length: 3_000 }, (_, i) => `m${i}`);
      const records = Array.from({ length: 1_200 }, (_, i) =>
        record(`q${String(i).padStart(4, '0')}`, [1], {
          sourceId: `m${i * 2}`,
          targetId: `m${i * 2 + 1}`,
          weight: i,
        }),
      );
      const collections = await twins(records);
      const wide = where.or(where.in('sourceId', ends), where.in('targetId', ends));
      const plainWide = where.and(
        where.in(
          'weight',
          Array.from({ length: 2_000 }, (_, i) => i),
        ),
        wide,
      );
      for (const collection of [collections.indexed, collections.plain]) {
        expect(await t.findAll(collection, wide, 500)).toHaveLength(1_200);
        expect(await t.store.count(collection, plainWide)).toBe(1_200);
        expect((await t.store.candidateIds(collection, wide)).length).toBeGreaterThanOrEqual(1_200);
        expect(await t.store.query(collection, { vector: [1], limit: 5, filter: plainWide })).toHaveLength(5);
      }
    });

    it('indexes the records already stored when a collection asks for the keys later', async () => {
      const collection = uniqueCollectionName('later');
      t.created.add(collection);
      await t.store.ensureCollection(collection, { dimension: 1 });
      await t.store.upsert(collection, pairs());
      const before = t.sortedIds(await t.findAll(collection, FILTERS['or over both keys']));
      await t.store.ensureCollection(collection, { dimension: 1, indexedKeys: KEYS });
      expect(t.sortedIds(await t.findAll(collection, FILTERS['or over both keys']))).toEqual(before);
      expect(before.length).toBeGreaterThan(10);
    });
  });
}
