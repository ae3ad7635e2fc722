/**
 * Concurrent writes of the same records, half through a second instance of the store (as another
 * process on the same store opens it): once every write has returned, every read — by id, by filter,
 * by vector, by text, counts — shows one of the written versions of each record, the same one
 * everywhere, and nothing of the others; a patch of a record that does not exist leaves nothing; and
 * `rewrite` computes each change from the record as stored, so concurrent rewrites lose none. Each
 * layout a kioku collection uses is raced: plain, lexical with read copies (memories), keyed (links).
 */
import { where, type CollectionSpec, type StoredRecord, type VectorStore } from '@kioku/vector-store';
import { record, uniqueCollectionName } from '../vector-store.fixtures';
import type { VectorStoreContractContext } from './vector-store-contract.context';

const WORDS = ['amber', 'birch', 'cobalt', 'dune', 'ember', 'fjord', 'garnet', 'heron', 'iris', 'jade'];
const RECORDS = ['r1', 'r2', 'r3'];
const ROUNDS = 3;

const LAYOUTS: [string, Omit<CollectionSpec, 'dimension'>][] = [
  ['plain', {}],
  ['lexical with read copies', { lexical: true, readCopies: true }],
  ['keyed', { lexical: true, indexedKeys: ['group'] }],
];

/** Version `v` of a record: its own tag key, words, vector and group. */
function version(id: string, v: number) {
  const word = WORDS[v % WORDS.length];
  return record(
    id,
    [1, v + 1],
    { group: v % 2 === 0 ? 'even' : 'odd', [`tag_${word}`]: true, version: v },
    `${word} ${id}`,
  );
}

function plain(records: StoredRecord[]) {
  return records.map(({ id, metadata, document }) => ({ id, metadata, document }));
}

export function describeConcurrentWritesContract(t: VectorStoreContractContext): void {
  describe('concurrent writes', () => {
    async function create(spec: Omit<CollectionSpec, 'dimension'>): Promise<string> {
      const name = uniqueCollectionName('race');
      t.created.add(name);
      await t.store.ensureCollection(name, { dimension: 2, ...spec });
      await t.second.ensureCollection(name, { dimension: 2, ...spec });
      return name;
    }
    /** The instance the i-th concurrent write goes through. */
    const through = (i: number): VectorStore => (i % 2 === 0 ? t.store : t.second);

    /** Each tag and word, the records every read finds by it (ids ascending). */
    async function everyRead(collection: string, lexical: boolean) {
      const sorted = (records: { id: string }[]) => t.sortedIds(records).filter((id) => RECORDS.includes(id));
      const byTag: Record<string, Record<string, string[] | number>> = {};
      for (const word of WORDS) {
        const filter = where.eq(`tag_${word}`, true);
        const reads: Record<string, string[] | number> = {
          find: sorted(await t.findAll(collection, filter)),
          // On a keyed collection, through the key index.
          findByGroup: sorted(
            await t.findAll(collection, where.and(where.in('group', ['even', 'odd']), filter)),
          ),
          query: sorted(await t.second.query(collection, { vector: [1, 1], limit: 10, filter })),
          count: await t.store.count(collection, filter),
        };
        if (lexical) {
          const text = `${WORDS.join(' ')} ${RECORDS.join(' ')}`;
          reads.text = sorted(await t.store.searchText(collection, { text, limit: 10, filter }));
          reads.word = sorted(await t.second.searchText(collection, { text: word, limit: 10 }));
        }
        byTag[word] = reads;
      }
      return {
        byId: plain(await t.store.get(collection, RECORDS)),
        bySecond: plain(await t.second.get(collection, RECORDS)),
        all: plain(await t.findAll(collection)).sort((a, b) => a.id.localeCompare(b.id)),
        byTag,
      };
    }

    /** Every read shows what a read by id shows, and each record is one of the versions written. */
    async function expectOneVersionEverywhere(collection: string, lexical: boolean, written: number[]) {
      const seen = await everyRead(collection, lexical);
      for (const r of seen.byId)
        expect({ id: r.id, version: written.includes(r.metadata.version as number) }).toEqual({
          id: r.id,
          version: true,
        });
      const current = seen.byId.map((r) => plain([version(r.id, r.metadata.version as number)])[0]);
      const holding = (word: string) =>
        current
          .filter((r) => r.metadata[`tag_${word}`] === true)
          .map((r) => r.id)
          .sort();
      expect(seen).toEqual({
        byId: current,
        bySecond: current,
        all: [...current].sort((a, b) => a.id.localeCompare(b.id)),
        byTag: Object.fromEntries(
          WORDS.map((word) => {
            const ids = holding(word);
            const reads: Record<string, string[] | number> = {
              find: ids,
              findByGroup: ids,
              query: ids,
              count: ids.length,
            };
            if (lexical) Object.assign(reads, { text: ids, word: ids });
            return [word, reads];
          }),
        ),
      });
    }

    it.each(LAYOUTS)(
      '%s: upserts of one record with other keys leave one version on every read',
      async (_, spec) => {
        const collection = await create(spec);
        await t.store.upsert(
          collection,
          RECORDS.map((id) => version(id, 0)),
        );
        for (let round = 1; round <= ROUNDS; round++) {
          const written = Array.from({ length: 6 }, (_, i) => round * 10 + i);
          await Promise.all(
            RECORDS.flatMap((id) => written.map((v, i) => through(i).upsert(collection, [version(id, v)]))),
          );
          await expectOneVersionEverywhere(collection, !!spec.lexical, written);
        }
      },
    );

    it.each(LAYOUTS)(
      '%s: deletes racing writes of the same records leave them present or absent on every read alike',
      async (_, spec) => {
        const collection = await create(spec);
        for (let round = 1; round <= ROUNDS; round++) {
          await Promise.all(
            RECORDS.flatMap((id, r) => [
              through(r).upsert(collection, [version(id, round * 10)]),
              through(r + 1).delete(collection, [id]),
              through(r).upsert(collection, [version(id, round * 10 + 1)]),
              through(r + 1).deleteWhere(collection, where.eq('group', 'odd')),
              through(r).insertNew(collection, [version(id, round * 10 + 2)]),
            ]),
          );
          await expectOneVersionEverywhere(collection, !!spec.lexical, [
            round * 10,
            round * 10 + 1,
            round * 10 + 2,
          ]);
        }
      },
    );

    it.each(LAYOUTS)('%s: a patch of a record that does not exist leaves nothing behind', async (_, spec) => {
      const collection = await create(spec);
      await t.store.upsert(collection, [version('r1', 1)]);
      await t.second.patchMetadata(collection, [
        { id: 'ghost', metadata: { group: 'odd', tag_amber: true } },
        { id: 'r1', metadata: { note: 'patched' } },
      ]);
      expect(await t.store.get(collection, ['ghost'])).toEqual([]);
      expect(t.ids(await t.findAll(collection, where.eq('group', 'odd')))).toEqual(['r1']);
      expect(await t.store.reindexText(collection, { mode: 'repair' })).toEqual({ indexed: 0, removed: 0 });
      expect((await t.store.get(collection, ['r1']))[0].metadata.note).toBe('patched');
    });

    it.each(LAYOUTS)('%s: rewrites from the stored record lose none of each other', async (_, spec) => {
      const collection = await create(spec);
      await t.store.upsert(collection, [record('n', [1, 0], { n: 0, drop: 'me' }, 'counter')]);
      const increments = 12;
      const increment = (i: number) =>
        through(i).rewrite(collection, ['n', 'missing'], (stored) => ({
          id: stored.id,
          vector: stored.vector ?? [],
          metadata: { n: (stored.metadata.n as number) + 1 },
          document: stored.document,
        }));
      const rounds = Array.from({ length: increments }, (_, i) => i);
      // Without conditional writes, the rewrites go one after another (what is checked is their result).
      const written = t.atomicRewrite
        ? await Promise.all(rounds.map(increment))
        : await rounds.reduce<Promise<string[][]>>(
            async (done, i) => [...(await done), await increment(i)],
            Promise.resolve([]),
          );
      expect(written.every((ids) => ids.length === 1 && ids[0] === 'n')).toBe(true);
      const [counter] = await t.second.get(collection, ['n'], { includeVectors: true });
      expect(counter.metadata).toEqual({ n: increments });
      t.expectVector(counter.vector, [1, 0]);
      expect(await t.store.count(collection, where.eq('drop', 'me'))).toBe(0);
      expect(await t.store.rewrite(collection, ['n'], () => null)).toEqual([]);
    });
  });
}
