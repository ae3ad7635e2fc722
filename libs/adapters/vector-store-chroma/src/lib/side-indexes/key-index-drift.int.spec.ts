/**
 * The key index beside Chroma answers `find` by indexed keys, and stays a superset of the records:
 * an entry whose record never got written (a crash after the entry) is never returned, a record the
 * index lacks (written by an older kioku, or a delete racing another process's re-creation) is found
 * again by `reindexText('repair')`, and a second process on the same files sees every write. Reads
 * by id, by text and by vector take the records' copies, and the store's record where there is no
 * copy. The drift is reproduced by writing through the bare record store, which has no index.
 */
import { where } from '@kioku/vector-store';
import { record, uniqueCollectionName } from '@kioku/testing-contracts';
import { useChromaTestServer } from '../../testing';
import { ChromaRecordStore } from '../chroma-record-store.adapter';
import { ChromaVectorStore } from '../chroma-vector-store.adapter';
import { SqliteKeyIndex } from '@kioku/vector-store-sqlite';

const server = useChromaTestServer();
const ENDS = ['sourceId', 'targetId'];
const link = (id: string, sourceId: string, targetId: string) => record(id, [1], { sourceId, targetId });
/** Vectors as stored: float32, and Chroma's own round trip through its cosine index. */
const near = (vector: number[]) => vector.map((x) => expect.closeTo(x, 5));
const of = (memory: string) => where.or(where.eq('sourceId', memory), where.eq('targetId', memory));

describe('key index beside Chroma', () => {
  const open = () =>
    new ChromaVectorStore({ url: server().url, lexicalIndexFile: server().lexicalIndexFile });

  /** A key-indexed collection, with the bare record store and the index to make drift with. */
  async function drifting(name: string) {
    const store = open();
    const collection = uniqueCollectionName(name);
    await store.ensureCollection(collection, { dimension: 1, indexedKeys: ENDS });
    const bare = new ChromaRecordStore({ url: server().url });
    const entries = new SqliteKeyIndex(server().lexicalIndexFile);
    const close = async () => {
      await store.deleteCollection(collection);
      await Promise.all([store.close(), entries.close()]);
    };
    return { store, collection, bare, entries, close };
  }

  it('answers from the index, never shows an entry without a record, and repair finds what it lacked', async () => {
    const { store, collection, bare, entries, close } = await drifting('keys');
    await store.upsert(collection, [link('a>b', 'a', 'b'), link('a>c', 'a', 'c')]);
    // Written without the index (as by a kioku before it): Chroma has it, the index does not.
    await bare.upsert(collection, [link('a>d', 'a', 'd')]);
    // The entry of a write that crashed before reaching Chroma.
    await entries.add(collection, [link('a>e', 'a', 'e')]);
    // A delete that crashed after Chroma's delete: its copy was dropped first, its entries are left.
    await entries.unsettle(collection, ['a>c']);
    await bare.delete(collection, ['a>c']);

    const found = async () =>
      (await store.find(collection, { filter: of('a'), limit: 10 })).records.map((r) => r.id);
    expect((await found()).sort()).toEqual(['a>b']);

    expect(await store.reindexText(collection, { mode: 'repair' })).toEqual({ indexed: 1, removed: 2 });
    expect((await found()).sort()).toEqual(['a>b', 'a>d']);
    expect(await store.reindexText(collection, { mode: 'repair' })).toEqual({ indexed: 0, removed: 0 });
    await close();
  });

  it('reads an unsettled write from the store, and a repair copies a record changed behind its back', async () => {
    const { store, collection, bare, entries, close } = await drifting('copies');
    await store.upsert(collection, [record('a>b', [1], { sourceId: 'a', targetId: 'b', note: 'first' })]);
    // Another process between its entry and its copy: the record is in Chroma, the index has no copy.
    await entries.add(collection, [link('a>f', 'a', 'f')]);
    await bare.upsert(collection, [record('a>f', [1], { sourceId: 'a', targetId: 'f', note: 'unsettled' })]);
    // A crash between a write and its copy: Chroma holds the new version, the copy the old one.
    await bare.upsert(collection, [record('a>b', [1], { sourceId: 'a', targetId: 'b', note: 'second' })]);
    const notes = async () =>
      Object.fromEntries(
        (await store.find(collection, { filter: of('a'), limit: 10 })).records.map((r) => [
          r.id,
          r.metadata.note,
        ]),
      );
    expect(await notes()).toEqual({ 'a>b': 'first', 'a>f': 'unsettled' });
    await store.reindexText(collection, { mode: 'repair' });
    expect(await notes()).toEqual({ 'a>b': 'second', 'a>f': 'unsettled' });
    // Vectors are copied too.
    const [withVector] = (
      await store.find(collection, { filter: where.eq('targetId', 'b'), limit: 1, includeVectors: true })
    ).records;
    expect(withVector.vector).toEqual([1]);
    await close();
  });

  it('shares the index with another process on the same files', async () => {
    const [first, second] = [open(), open()];
    const collection = uniqueCollectionName('shared');
    for (const store of [first, second]) {
      await store.ensureCollection(collection, { dimension: 1, indexedKeys: ENDS });
    }
    await first.upsert(collection, [link('x>y', 'x', 'y')]);
    expect((await second.find(collection, { filter: of('y'), limit: 5 })).records.map((r) => r.id)).toEqual([
      'x>y',
    ]);
    await second.delete(collection, ['x>y']);
    expect((await first.find(collection, { filter: of('x'), limit: 5 })).records).toEqual([]);
    await first.deleteCollection(collection);
    await Promise.all([first.close(), second.close()]);
  });

  it('reads records by id, by text and by vector from the copies, and the store where there is none', async () => {
    const store = open();
    const collection = uniqueCollectionName('copied');
    await store.ensureCollection(collection, { dimension: 2, lexical: true, readCopies: true });
    const bare = new ChromaRecordStore({ url: server().url });
    const entries = new SqliteKeyIndex(server().lexicalIndexFile);
    const note = (id: string, text: string) => record(id, [1, id.length], { note: text }, `otter ${text}`);
    await store.upsert(collection, [note('r1', 'first'), note('r3', 'doomed')]);
    // A crash between a write and its copy: Chroma holds the new version, the copy the old one.
    await bare.upsert(collection, [{ ...note('r1', 'second'), vector: [4, 4] }]);
    // Another process between its entry and its copy: the record is in Chroma, the index has no copy.
    await entries.add(collection, [note('r22', 'unsettled')]);
    await bare.upsert(collection, [note('r22', 'unsettled')]);
    // A delete that crashed after Chroma's delete: its copy was dropped first.
    await entries.unsettle(collection, ['r3']);
    await bare.delete(collection, ['r3']);

    const byId = async () =>
      Object.fromEntries(
        (await store.get(collection, ['r1', 'r22', 'r3'])).map((r) => [r.id, r.metadata.note]),
      );
    expect(await byId()).toEqual({ r1: 'first', r22: 'unsettled' });
    const nearest = await store.query(collection, { vector: [1, 2], limit: 5 });
    expect(Object.fromEntries(nearest.map((m) => [m.id, m.metadata.note]))).toEqual({
      r1: 'first',
      r22: 'unsettled',
    });
    expect(nearest.every((m) => m.distance >= 0 && m.vector === undefined)).toBe(true);
    const [hit] = await store.searchText(collection, { text: 'doomed', limit: 5 });
    expect(hit).toBeUndefined();
    const vectorOf = async (id: string) =>
      (await store.get(collection, [id], { includeVectors: true }))[0].vector;
    expect(await vectorOf('r1')).toEqual(near([1, 2]));
    await store.reindexText(collection, { mode: 'repair' });
    expect(await byId()).toEqual({ r1: 'second', r22: 'unsettled' });
    expect(await vectorOf('r1')).toEqual(near([4, 4]));
    // A copy made before vectors were copied has none: asked for, the vector comes from the store.
    await entries.settle(collection, [{ id: 'r1', metadata: { note: 'old copy' }, document: 'otter' }]);
    expect(await vectorOf('r1')).toEqual(near([4, 4]));
    expect(await byId()).toEqual({ r1: 'old copy', r22: 'unsettled' });
    await store.deleteCollection(collection);
    await Promise.all([store.close(), entries.close()]);
  });

  it('starts again from the records when the keys asked for change', async () => {
    const store = open();
    const collection = uniqueCollectionName('rekey');
    await store.ensureCollection(collection, { dimension: 1, indexedKeys: ['sourceId'] });
    await store.upsert(collection, [link('p>q', 'p', 'q')]);
    await store.ensureCollection(collection, { dimension: 1, indexedKeys: ENDS });
    const entries = new SqliteKeyIndex(server().lexicalIndexFile);
    expect(await entries.completeKeys(collection)).toEqual(ENDS);
    expect(await entries.idsWith(collection, 'targetId', ['q'])).toEqual(['p>q']);
    await store.deleteCollection(collection);
    expect(await entries.completeKeys(collection)).toBeUndefined();
    await Promise.all([store.close(), entries.close()]);
  });
});
