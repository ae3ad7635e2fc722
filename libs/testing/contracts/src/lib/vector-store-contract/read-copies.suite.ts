/**
 * `readCopies`: a speed hint only. A collection that asks for it reads back, by id and by text, exactly
 * what one without it reads, through every kind of write, and when it is asked for on a collection
 * that already holds records.
 */
import { where, type StoredRecord, type VectorRecord } from '@kioku/vector-store';
import { record, uniqueCollectionName } from '../vector-store.fixtures';
import type { VectorStoreContractContext } from './vector-store-contract.context';

const WORDS = ['apple', 'harbour', 'violin', 'granite', 'lantern', 'meadow'];

/** Twelve records with words to search for; `group` decides which ones a `deleteWhere` removes. */
function notes(): VectorRecord[] {
  return Array.from({ length: 12 }, (_, i) =>
    record(
      `r${String(i).padStart(2, '0')}`,
      [1, i + 1],
      { n: i, group: i % 4 === 0 ? 'drop' : 'keep', label: `note ${i}` },
      `${WORDS[i % WORDS.length]} and ${WORDS[(i + 2) % WORDS.length]} number ${i}`,
    ),
  );
}

/** The writes both twins go through: an upsert that changes a record, a patch, inserts, deletes. */
async function writeAll(t: VectorStoreContractContext, collection: string): Promise<void> {
  await t.store.upsert(collection, [
    record('r03', [3, 1], { n: 30, group: 'keep', label: 'rewritten' }, 'lantern rewritten entirely'),
  ]);
  await t.store.patchMetadata(collection, [{ id: 'r05', metadata: { label: 'patched', n: 50 } }]);
  await t.store.insertNew(collection, [
    record('r02', [9, 9], { n: 99 }, 'an insert that must not replace r02'),
    record('fresh', [2, 2], { n: 7, group: 'keep' }, 'meadow fresh insert'),
  ]);
  await t.store.delete(collection, ['r01']);
  await t.store.deleteWhere(collection, where.eq('group', 'drop'));
}

function plainRecords(records: StoredRecord[]) {
  return records.map(({ id, metadata, document }) => ({ id, metadata, document }));
}

export function describeReadCopiesContract(t: VectorStoreContractContext): void {
  describe('readCopies', () => {
    const ids = [...notes().map((r) => r.id), 'fresh', 'never-stored', 'r07', 'r03'];

    async function create(prefix: string, readCopies: boolean): Promise<string> {
      const name = uniqueCollectionName(prefix);
      t.created.add(name);
      await t.store.ensureCollection(name, {
        dimension: 2,
        lexical: true,
        ...(readCopies ? { readCopies } : {}),
      });
      return name;
    }

    async function expectSameReads(copied: string, plain: string): Promise<void> {
      expect(plainRecords(await t.store.get(copied, ids))).toEqual(
        plainRecords(await t.store.get(plain, ids)),
      );
      // Vectors as stored (each backend keeps floats at its own precision).
      const withVectors = await t.store.get(copied, ids, { includeVectors: true });
      const plainVectors = await t.store.get(plain, ids, { includeVectors: true });
      expect(withVectors.map((r) => r.id)).toEqual(plainVectors.map((r) => r.id));
      withVectors.forEach((r, i) => t.expectVector(r.vector, plainVectors[i].vector!));
      const [nearest] = await t.store.query(copied, { vector: [3, 1], limit: 1, includeVectors: true });
      expect(nearest.id).toBe('r03');
      t.expectVector(nearest.vector, [3, 1]);
      for (const text of [...WORDS, 'rewritten', 'fresh insert']) {
        const found = await t.store.searchText(copied, { text, limit: 20 });
        expect({ text, found: plainRecords(found) }).toEqual({
          text,
          found: plainRecords(await t.store.searchText(plain, { text, limit: 20 })),
        });
      }
    }

    it('reads by id and by text what a collection without it reads, through every kind of write', async () => {
      const copied = await create('copied', true);
      const plain = await create('plain', false);
      for (const collection of [copied, plain]) {
        await t.store.upsert(collection, notes());
        await writeAll(t, collection);
      }
      await expectSameReads(copied, plain);
      const read = await t.store.get(copied, ['r03', 'r05', 'r01', 'r04', 'r03']);
      expect(plainRecords(read)).toEqual([
        {
          id: 'r03',
          metadata: { n: 30, group: 'keep', label: 'rewritten' },
          document: 'lantern rewritten entirely',
        },
        { id: 'r05', metadata: { n: 50, group: 'keep', label: 'patched' }, document: expect.any(String) },
        {
          id: 'r03',
          metadata: { n: 30, group: 'keep', label: 'rewritten' },
          document: 'lantern rewritten entirely',
        },
      ]);
    });

    it('reads the records already stored when a collection asks for copies later', async () => {
      const collection = await create('later', false);
      await t.store.upsert(collection, notes());
      const before = plainRecords(await t.store.get(collection, ids));
      await t.store.ensureCollection(collection, { dimension: 2, lexical: true, readCopies: true });
      expect(plainRecords(await t.store.get(collection, ids))).toEqual(before);
      await writeAll(t, collection);
      expect(t.sortedIds(await t.store.get(collection, ids))).toEqual(
        ['fresh', 'r02', 'r03', 'r05', 'r06', 'r07', 'r07', 'r09', 'r10', 'r11', 'r03'].sort(),
      );
    });
  });
}
