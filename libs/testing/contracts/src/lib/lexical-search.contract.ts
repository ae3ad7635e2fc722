/**
 * The lexical-search part of the VectorStore contract (`searchText`, `reindexText`, `lexical`
 * collections), registered for every adapter beside `describeVectorStoreContract`. It pins what recall
 * relies on: BM25 with corpus statistics (a rare term outranks a common one, shorter documents win on
 * equal matches), the shared analyser (stemming, CJK, codes and numbers intact, stopwords), every
 * write reflected at once (and, where the index is shared, in a second instance), filters applied in
 * the index, and repair of an index that drifted.
 */
import { CollectionNotFoundError, where, type VectorRecord, type VectorStore } from '@kioku/vector-store';
import { record, uniqueCollectionName, vectorFor } from './vector-store.fixtures';

export interface LexicalSearchHarness {
  /** Called once before the suite; the store may be shared by all tests. */
  create(): Promise<VectorStore>;
  /**
   * Another store over the same backend and the same lexical index, as another process would open it
   * (omit for in-process stores, whose index no other process can share).
   */
  createSecondInstance?(): Promise<VectorStore>;
  cleanup?(): Promise<void>;
}

const DIMENSION = 3;

function doc(id: string, text: string, metadata: VectorRecord['metadata'] = {}, index = 0): VectorRecord {
  return record(id, vectorFor(index, DIMENSION), metadata, text);
}

export function describeLexicalSearchContract(name: string, harness: LexicalSearchHarness): void {
  describe(`VectorStore lexical search contract: ${name}`, () => {
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

    async function lexicalCollection(records: VectorRecord[] = []): Promise<string> {
      const collection = uniqueCollectionName('lex');
      created.add(collection);
      await store.ensureCollection(collection, { dimension: DIMENSION, lexical: true });
      await store.upsert(collection, records);
      return collection;
    }

    async function ids(
      collection: string,
      text: string,
      filter?: Parameters<VectorStore['searchText']>[1]['filter'],
    ) {
      return (await store.searchText(collection, { text, limit: 10, filter })).map((m) => m.id);
    }

    it('ranks a rare term above a common one, with positive scores in descending order', async () => {
      const collection = await lexicalCollection([
        doc('common1', 'team meeting notes'),
        doc('common2', 'meeting with the landlord'),
        doc('common3', 'weekly meeting'),
        doc('common4', 'meeting moved to friday'),
        doc('rare', 'dentist appointment'),
      ]);
      const matches = await store.searchText(collection, { text: 'meeting dentist', limit: 10 });
      expect(matches[0].id).toBe('rare');
      expect(matches.map((m) => m.id).sort()).toEqual(['common1', 'common2', 'common3', 'common4', 'rare']);
      for (const [i, m] of matches.entries()) {
        expect(m.score).toBeGreaterThan(0);
        if (i > 0) expect(m.score).toBeLessThanOrEqual(matches[i - 1].score);
      }
    });

    it('normalises by length: on equal matches the shorter document comes first', async () => {
      const collection = await lexicalCollection([
        doc(
          'long',
          'pottery class on saturday with friends, then lunch, a walk in the park and a long talk about books',
        ),
        doc('short', 'pottery class on saturday'),
        doc('other', 'nothing related here'),
      ]);
      expect(await ids(collection, 'pottery')).toEqual(['short', 'long']);
    });

    it('stems English words, drops stopwords and ignores case', async () => {
      const collection = await lexicalCollection([
        doc('race', 'Melanie was running charity races last summer'),
        doc('other', 'the weather was cold'),
      ]);
      expect(await ids(collection, 'Did she RUN a charity race?')).toEqual(['race']);
      expect(await ids(collection, 'the was a')).toEqual([]);
      expect(await ids(collection, '?!… ---')).toEqual([]);
      expect(await ids(collection, '')).toEqual([]);
    });

    it('finds Japanese text by character bigrams', async () => {
      const collection = await lexicalCollection([
        doc('ramen', 'ユーザーは味噌ラーメンが大好きで、毎週食べている'),
        doc('dentist', '歯医者の予約は来週の火曜日'),
      ]);
      expect(await ids(collection, 'ラーメン')).toEqual(['ramen']);
      expect(await ids(collection, '歯医者の予約')).toEqual(['dentist']);
    });

    it('keeps numbers and codes intact, and finds a code by its number', async () => {
      const collection = await lexicalCollection([
        doc('exact', 'incident INC-4471 closed'),
        doc('near', 'incident INC-4472 opened'),
        doc('money', 'I paid 400 dollars'),
      ]);
      expect((await ids(collection, 'INC-4471'))[0]).toBe('exact');
      expect(await ids(collection, '4471')).toEqual(['exact']);
      expect(await ids(collection, 'paid 400')).toEqual(['money']);
      expect(await ids(collection, '40')).toEqual([]);
    });

    it('finds mixed scripts and ignores emoji', async () => {
      const collection = await lexicalCollection([doc('mixed', 'Kyoto 旅行 café ☕ with Ana')]);
      expect(await ids(collection, '☕ 旅行')).toEqual(['mixed']);
      expect(await ids(collection, 'CAFÉ')).toEqual(['mixed']);
      expect(await ids(collection, '🎉🎉')).toEqual([]);
    });

    it('reflects replacements and deletes at once', async () => {
      const collection = await lexicalCollection([
        doc('a', 'blue envelope'),
        doc('b', 'red envelope'),
        doc('c', 'green kite'),
      ]);
      await store.upsert(collection, [doc('a', 'yellow kite')]);
      expect(await ids(collection, 'blue')).toEqual([]);
      expect((await ids(collection, 'kite')).sort()).toEqual(['a', 'c']);
      await store.delete(collection, ['b']);
      expect(await ids(collection, 'envelope')).toEqual([]);
    });

    it('reflects deletes by filter and metadata patches in filters', async () => {
      const collection = await lexicalCollection([
        doc('a', 'garden party', { kind: 'old', n: 1 }),
        doc('b', 'garden shed', { kind: 'new', n: 2 }),
      ]);
      await store.deleteWhere(collection, where.eq('kind', 'old'));
      expect(await ids(collection, 'garden')).toEqual(['b']);
      await store.patchMetadata(collection, [{ id: 'b', metadata: { kind: 'archived' } }]);
      expect(await ids(collection, 'garden', where.eq('kind', 'archived'))).toEqual(['b']);
      expect(await ids(collection, 'garden', where.eq('kind', 'new'))).toEqual([]);
    });

    it('applies filters inside the index', async () => {
      const collection = await lexicalCollection([
        doc('work', 'project deadline friday', {
          category: 'technical',
          private: false,
          at: 100,
          tag_job: true,
        }),
        doc('home', 'project birdhouse friday', { category: 'daily', private: true, at: 200 }),
        doc('none', 'project idea', {}),
      ]);
      expect(await ids(collection, 'project friday', where.eq('category', 'technical'))).toEqual(['work']);
      expect(await ids(collection, 'project friday', where.eq('private', false))).toEqual(['work']);
      expect(await ids(collection, 'project', where.gte('at', 150))).toEqual(['home']);
      expect(await ids(collection, 'project', where.eq('tag_job', true))).toEqual(['work']);
      expect((await ids(collection, 'project', where.in('category', ['daily', 'technical']))).sort()).toEqual(
        ['home', 'work'],
      );
      expect(await ids(collection, 'project', where.ne('category', 'daily'))).toEqual(['work']);
      expect(
        (
          await ids(collection, 'project', where.or(where.eq('category', 'daily'), where.lt('at', 150)))
        ).sort(),
      ).toEqual(['home', 'work']);
    });

    it('respects the limit and returns records with metadata, document and, when asked, vectors', async () => {
      const collection = await lexicalCollection([
        doc('a', 'apple pie', { n: 1 }, 1),
        doc('b', 'apple tart', { n: 2 }, 2),
        doc('c', 'apple juice', { n: 3 }, 3),
      ]);
      const [match, ...rest] = await store.searchText(collection, {
        text: 'apple',
        limit: 1,
        includeVectors: true,
      });
      expect(rest).toEqual([]);
      expect(match.document).toMatch(/^apple /);
      expect(typeof match.metadata.n).toBe('number');
      expect(match.vector).toHaveLength(DIMENSION);
      const [withoutVector] = await store.searchText(collection, { text: 'apple', limit: 1 });
      expect(withoutVector.vector).toBeUndefined();
    });

    it('has no matches in a collection without a lexical index, and fails on a missing collection', async () => {
      const plain = uniqueCollectionName('plain');
      created.add(plain);
      await store.ensureCollection(plain, { dimension: DIMENSION });
      await store.upsert(plain, [doc('a', 'apple pie')]);
      expect(await ids(plain, 'apple')).toEqual([]);
      await expect(
        store.searchText(uniqueCollectionName('missing'), { text: 'apple', limit: 3 }),
      ).rejects.toBeInstanceOf(CollectionNotFoundError);
    });

    it('builds the index of an existing collection when it is opened as lexical', async () => {
      const collection = uniqueCollectionName('late');
      created.add(collection);
      await store.ensureCollection(collection, { dimension: DIMENSION });
      await store.upsert(collection, [doc('a', 'harbour lighthouse'), doc('b', 'mountain cabin')]);
      await store.ensureCollection(collection, { dimension: DIMENSION, lexical: true });
      expect(await ids(collection, 'lighthouse')).toEqual(['a']);
    });

    it('drops the index with the collection', async () => {
      const collection = await lexicalCollection([doc('a', 'harbour lighthouse')]);
      await store.deleteCollection(collection);
      await store.ensureCollection(collection, { dimension: DIMENSION, lexical: true });
      expect(await ids(collection, 'lighthouse')).toEqual([]);
    });

    it('repairs and rebuilds idempotently, reporting progress', async () => {
      const collection = await lexicalCollection([
        doc('a', 'harbour lighthouse'),
        doc('b', 'mountain cabin'),
      ]);
      const seen: number[] = [];
      const rebuilt = await store.reindexText(collection, {
        mode: 'rebuild',
        onProgress: (n) => seen.push(n),
      });
      expect(rebuilt.removed).toBe(0);
      expect(seen[seen.length - 1]).toBe(2);
      expect(await store.reindexText(collection, { mode: 'repair' })).toEqual({ indexed: 0, removed: 0 });
      expect(await ids(collection, 'cabin')).toEqual(['b']);
    });

    const secondInstance = harness.createSecondInstance;
    if (secondInstance)
      it('sees the writes of a second instance at once', async () => {
        const other = await secondInstance();
        const collection = await lexicalCollection([doc('a', 'first note')]);
        await other.ensureCollection(collection, { dimension: DIMENSION, lexical: true });
        await other.upsert(collection, [doc('b', 'second note about otters')]);
        expect(await ids(collection, 'otters')).toEqual(['b']);
        await other.delete(collection, ['a']);
        expect(await ids(collection, 'note')).toEqual(['b']);
      });
  });
}
