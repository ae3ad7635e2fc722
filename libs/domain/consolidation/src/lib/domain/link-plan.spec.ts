import type { Link } from '@kioku/links';
import type { Memory } from '@kioku/memory';
import { planLinks } from './link-plan';

const STAMP = '2026-11-26T00:00:00.000Z';

function memory(id: string, minute: number, overrides: Partial<Memory> = {}): Memory {
  const at = new Date(Date.UTC(2026, 10, 25, 12, minute)).toISOString();
  return {
    id,
    content: id,
    createdAt: at,
    updatedAt: at,
    category: 'daily',
    importance: 3,
    emotion: { primary: 'neutral', secondary: [], intensity: 0.5, valence: 0, arousal: 0.3 },
    tags: [],
    isPrivate: false,
    accessCount: 0,
    lastAccessedAt: null,
    embeddingModel: 'test',
    ...overrides,
  };
}

function related(sourceId: string, targetId: string, confidence: number, replayedAt?: string): Link {
  return {
    sourceId,
    targetId,
    type: 'related',
    confidence,
    note: '',
    createdAt: STAMP,
    ...(replayedAt ? { replayedAt } : {}),
  };
}

describe('planLinks', () => {
  it('replays the window in time order: each memory linked to the next at 0.6', () => {
    const plan = planLinks([memory('a', 1), memory('b', 2), memory('c', 3)], [], 5, STAMP);
    expect(plan.writes.map((l) => [l.sourceId, l.targetId, l.confidence, l.note])).toEqual([
      ['a', 'b', 0.6, 'replay'],
      ['b', 'c', 0.6, 'replay'],
    ]);
    expect(plan).toMatchObject({ linksCreated: 2, linksStrengthened: 0, weak: [] });
  });

  it('strengthens an existing related link once, from either end, and leaves a replayed one alone', () => {
    const window = [memory('a', 1), memory('b', 2), memory('c', 3)];
    const plan = planLinks(window, [related('b', 'a', 0.5), related('b', 'c', 0.7, STAMP)], 5, STAMP);
    expect(plan.writes).toEqual([{ ...related('b', 'a', 0.5), confidence: 0.6, replayedAt: STAMP }]);
    expect(plan).toMatchObject({ linksCreated: 0, linksStrengthened: 1 });
  });

  it('links co-activated memories that have no related link yet, within the partner limit', () => {
    const happy = { primary: 'happy' as const, secondary: [], intensity: 0.7, valence: 0.8, arousal: 0.6 };
    const window = [memory('a', 1, { emotion: happy }), memory('b', 2), memory('c', 3, { emotion: happy })];
    const plan = planLinks(window, [], 5, STAMP);
    expect(plan.coactivations).toBe(1);
    expect(plan.writes.find((l) => l.note === 'co-activation')).toMatchObject({
      sourceId: 'a',
      targetId: 'c',
      confidence: 0.5,
    });
    expect(planLinks(window, [], 0, STAMP).coactivations).toBe(0);
  });

  it('prunes links below 0.1 unless the plan rewrites them', () => {
    const window = [memory('a', 1), memory('b', 2)];
    const weakElsewhere: Link = { ...related('a', 'x', 0.05), type: 'similar' };
    const plan = planLinks(window, [related('a', 'b', 0.05), weakElsewhere], 5, STAMP);
    expect(plan.weak).toEqual([weakElsewhere]);
    expect(plan.writes).toEqual([
      { ...related('a', 'b', 0.05), confidence: 0.15000000000000002, replayedAt: STAMP },
    ]);
  });
});
