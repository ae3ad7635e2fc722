import { fromRecord, isCategory, toDocument, toMetadata } from '@kioku/memory';
import { benchMemory } from './bench-memory';
import { SeededRandom } from './seeded-random';
import { SentenceGenerator } from './sentence-generator';

const now = new Date('2025-01-01T00:00:00.000Z');

function memories(count: number) {
  const random = new SeededRandom(8);
  const generator = new SentenceGenerator(random, 0.2);
  return Array.from({ length: count }, (_, i) =>
    benchMemory(generator.memory(), random, {
      id: `mem_${i.toString(16).padStart(12, '0')}`,
      now,
      embeddingModel: 'test-model',
    }),
  );
}

describe('benchMemory', () => {
  it('survives the memory codec unchanged', () => {
    for (const memory of memories(50)) {
      expect(
        fromRecord({ id: memory.id, metadata: toMetadata(memory), document: toDocument(memory) }),
      ).toEqual(memory);
    }
  });

  it('spreads creation over the past year, never in the future, with access after creation', () => {
    const all = memories(300);
    for (const memory of all) {
      const created = Date.parse(memory.createdAt);
      expect(created).toBeLessThanOrEqual(now.getTime());
      expect(now.getTime() - created).toBeLessThanOrEqual(365 * 86_400_000);
      if (memory.lastAccessedAt) expect(Date.parse(memory.lastAccessedAt)).toBeGreaterThanOrEqual(created);
    }
    expect(new Set(all.map((m) => m.createdAt.slice(0, 7))).size).toBeGreaterThan(6);
  });

  it('uses valid fields with some variety', () => {
    const all = memories(300);
    expect(all.every((m) => isCategory(m.category) && m.importance >= 1 && m.importance <= 5)).toBe(true);
    expect(new Set(all.map((m) => m.importance)).size).toBe(5);
    expect(all.some((m) => m.isPrivate)).toBe(true);
    expect(all.some((m) => !m.isPrivate)).toBe(true);
    expect(new Set(all.map((m) => m.emotion.primary)).size).toBeGreaterThan(3);
    expect(all.every((m) => m.embeddingModel === 'test-model')).toBe(true);
  });
});
