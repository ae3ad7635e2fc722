import type { Memory } from '../../domain/memory';
import { createMemoryTestKit } from '../../testing/memory-test-kit';
import { MemoryRepository } from '../memory.repository';
import { NamespaceStatsReader } from './namespace-stats-reader';

const CATEGORIES = ['daily', 'technical', 'feeling'] as const;

function memory(i: number): Memory {
  // Three UTC days; the offset is read (00:30 in Tokyo is the previous UTC day).
  const createdAt = ['2026-11-01T10:00:00.000Z', '2026-11-02T10:00:00.000Z', '2026-11-04T00:30:00.000+09:00'][
    i % 3
  ];
  return {
    id: `mem_${i.toString(16).padStart(12, '0')}`,
    content: `Memory number ${i}`,
    createdAt,
    updatedAt: createdAt,
    category: CATEGORIES[i % 7 === 0 ? 2 : i % 2],
    importance: i % 10 === 0 ? 5 : 3,
    emotion: { primary: 'neutral', secondary: [], intensity: 0.3, valence: 0, arousal: 0.3 },
    tags: i < 40 ? [`tag-${String(i).padStart(2, '0')}`, 'common'] : [],
    isPrivate: i % 4 === 0,
    accessCount: 0,
    lastAccessedAt: null,
    embeddingModel: 'fake:hash-128',
  };
}

describe('NamespaceStatsReader', () => {
  it('counts every memory over several pages: private, pinned, per UTC day, per category, top tags', async () => {
    const kit = createMemoryTestKit();
    const repo = kit.container.get(MemoryRepository);
    const vector = (await kit.embeddings.embed(['seed']))[0];
    const seeded = Array.from({ length: 1_201 }, (_, i) => memory(i));
    for (const m of seeded) await repo.save('test', m, vector);
    await repo.save('other', memory(5_000), vector);

    const stats = await kit.container.get(NamespaceStatsReader).read(kit.context);

    expect(stats.total).toBe(1_201);
    expect(stats.private).toBe(seeded.filter((m) => m.isPrivate).length);
    expect(stats.pinned).toBe(seeded.filter((m) => m.importance === 5).length);
    expect(stats.createdPerDay).toEqual([
      { day: '2026-11-01', count: 401 },
      { day: '2026-11-02', count: 400 },
      { day: '2026-11-03', count: 400 },
    ]);
    const count = (category: string) => seeded.filter((m) => m.category === category).length;
    expect(stats.categories).toEqual(
      [
        { name: 'daily', count: count('daily') },
        { name: 'technical', count: count('technical') },
        { name: 'feeling', count: count('feeling') },
      ].sort((a, b) => b.count - a.count),
    );
    // Most used first, then by name; at most 30.
    expect(stats.tags).toHaveLength(30);
    expect(stats.tags[0]).toEqual({ name: 'common', count: 40 });
    expect(stats.tags.slice(1, 3)).toEqual([
      { name: 'tag-00', count: 1 },
      { name: 'tag-01', count: 1 },
    ]);
  });

  it('counts no access and sees an empty namespace as empty', async () => {
    const kit = createMemoryTestKit();
    const repo = kit.container.get(MemoryRepository);
    await repo.save('test', memory(1), (await kit.embeddings.embed(['seed']))[0]);
    const reader = kit.container.get(NamespaceStatsReader);
    await reader.read(kit.context);
    const [stored] = await repo.get('test', [memory(1).id]);
    expect(stored.memory.accessCount).toBe(0);
    expect(await reader.read({ ...kit.context, namespace: 'empty' })).toEqual({
      total: 0,
      private: 0,
      pinned: 0,
      createdPerDay: [],
      categories: [],
      tags: [],
    });
  });
});
