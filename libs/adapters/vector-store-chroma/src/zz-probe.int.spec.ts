import { useChromaTestServer } from './testing';
import { ChromaVectorStore } from './lib/chroma-vector-store.adapter';

jest.setTimeout(900_000);
const server = useChromaTestServer();
const rnd = (d: number) => Array.from({ length: d }, () => Math.random() - 0.5);
async function time(label: string, f: () => Promise<unknown>, n = 20) {
  await f();
  const t: number[] = [];
  for (let i = 0; i < n; i++) { const s = performance.now(); await f(); t.push(performance.now() - s); }
  t.sort((a, b) => a - b);
  console.log(label, 'p50', t[n >> 1].toFixed(1), 'min', t[0].toFixed(1));
}
const content = 'The user mentioned that the quarterly planning meeting moved to Thursday and they want coffee beforehand.';
function wide(i: number) {
  return { content, createdAt: '2026-01-01T00:00:00.000Z', createdAtMs: 1767225600000 + i, updatedAt: '2026-01-01T00:00:00.000Z', category: 'fact', importance: 0.5, emotion: 'neutral', emotionSecondary: '', intensity: 0.3, valence: 0, arousal: 0.2, tags: '["work"]', isPrivate: false, accessCount: 0, embeddingModel: 'use-lite', tag_work: true, precedingId: 'mem_000000000001', followingId: 'mem_000000000002' };
}
function packed(i: number) {
  const w = wide(i) as Record<string, unknown>;
  return { createdAtMs: w.createdAtMs as number, category: 'fact', importance: 0.5, isPrivate: false, accessCount: 0, tag_work: true, memory: JSON.stringify(w) };
}
it('probe', async () => {
  const store = new ChromaVectorStore({ url: server().url, lexicalIndexFile: server().lexicalIndexFile });
  const D = 384, N = 10000;
  for (const [name, meta] of [['wide', wide], ['packed', packed]] as const) {
    await store.ensureCollection(name, { dimension: D, lexical: true });
    const ids = Array.from({ length: N }, (_, i) => `mem_${i.toString(16).padStart(12, '0')}`);
    for (let i = 0; i < N; i += 500) {
      await store.upsert(name, ids.slice(i, i + 500).map((id, k) => ({ id, vector: rnd(D), document: content.toLowerCase(), metadata: meta(i + k) as never })));
    }
    const some = ids.slice(100, 200);
    await time(name + ' get 100 ids', () => store.get(name, some));
    await time(name + ' get 30 ids', () => store.get(name, some.slice(0, 30)));
    await time(name + ' existingIds 100', () => store.existingIds(name, some));
    await time(name + ' query 90', () => store.query(name, { vector: rnd(D), limit: 90 }));
    await time(name + ' searchText 90', () => store.searchText(name, { text: 'quarterly coffee meeting', limit: 90 }));
    await time(name + ' patch 10', () => store.patchMetadata(name, some.slice(0, 10).map((id) => ({ id, metadata: { accessCount: 1 } }))));
  }
});
