/**
 * A crash between the Chroma write and the index write leaves them apart; `reindexText('repair')`
 * (run by the integrity job) must bring every record back into the index, write again an entry whose
 * record changed (recall's filters read its metadata), and drop entries whose record is gone. The crash is reproduced by writing through the bare record store, which has no index.
 */
import { where } from '@kioku/vector-store';
import { record, uniqueCollectionName, vectorFor } from '@kioku/testing-contracts';
import { useChromaTestServer } from '../../testing';
import { ChromaRecordStore } from '../chroma-record-store.adapter';
import { ChromaVectorStore } from '../chroma-vector-store.adapter';

const server = useChromaTestServer();

describe('lexical index drift beside Chroma', () => {
  it('repair indexes records the index lacks and removes entries whose record is gone', async () => {
    const store = new ChromaVectorStore({ url: server().url, lexicalIndexFile: server().lexicalIndexFile });
    const bare = new ChromaRecordStore({ url: server().url });
    const collection = uniqueCollectionName('drift');
    await store.ensureCollection(collection, { dimension: 3, lexical: true });
    await store.upsert(collection, [record('kept', vectorFor(1, 3), {}, 'lighthouse keeper')]);
    // Crashed after the store write: in Chroma, not in the index.
    await bare.upsert(collection, [record('unindexed', vectorFor(2, 3), {}, 'otter sanctuary')]);
    // Crashed after the store delete: gone from Chroma, still in the index.
    await bare.delete(collection, ['kept']);
    expect(await store.searchText(collection, { text: 'otter', limit: 5 })).toEqual([]);
    expect(await store.searchText(collection, { text: 'lighthouse', limit: 5 })).toEqual([]);

    expect(await store.reindexText(collection, { mode: 'repair' })).toEqual({ indexed: 1, removed: 1 });
    expect((await store.searchText(collection, { text: 'otter', limit: 5 })).map((m) => m.id)).toEqual([
      'unindexed',
    ]);
    expect(await store.reindexText(collection, { mode: 'repair' })).toEqual({ indexed: 0, removed: 0 });
    await store.deleteCollection(collection);
    await store.close();
  });

  it('repair writes again an entry whose record changed behind its back, so filters read its metadata', async () => {
    const store = new ChromaVectorStore({ url: server().url, lexicalIndexFile: server().lexicalIndexFile });
    const bare = new ChromaRecordStore({ url: server().url });
    const collection = uniqueCollectionName('stale');
    await store.ensureCollection(collection, { dimension: 3, lexical: true });
    await store.upsert(collection, [record('m', vectorFor(1, 3), { tag_old: true }, 'harbour crane')]);
    // Crashed after the store's write of a new version: the index still filters on the old metadata.
    await bare.upsert(collection, [record('m', vectorFor(1, 3), { tag_new: true }, 'harbour crane')]);
    const tagged = async (tag: string) =>
      (await store.searchText(collection, { text: 'harbour', limit: 5, filter: where.eq(tag, true) })).map(
        (m) => m.id,
      );
    expect(await tagged('tag_old')).toEqual(['m']);
    expect(await store.reindexText(collection, { mode: 'repair' })).toEqual({ indexed: 1, removed: 0 });
    expect({ old: await tagged('tag_old'), new: await tagged('tag_new') }).toEqual({ old: [], new: ['m'] });
    await store.deleteCollection(collection);
    await store.close();
  });
});
