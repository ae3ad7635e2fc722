import { actionFor, evaluate, heat, isProtected, risk } from './auto-forget.policy';

const NOW = new Date('2026-11-21T00:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();
const memory = (overrides: Partial<Parameters<typeof evaluate>[0]> = {}) => ({
  importance: 3,
  accessCount: 0,
  createdAt: daysAgo(0),
  lastAccessedAt: null,
  category: 'daily',
  ...overrides,
});

describe('auto-forget policy (behaviour §7)', () => {
  describe('heat', () => {
    it.each([
      // importance, accessCount, days, expected heat
      [3, 0, 0, 20 + 7.5],
      [3, 0, 8, 10 + 7.5],
      [3, 0, 31, 0 + 7.5],
      [3, 0, 91, 0], // -10 + 7.5 clamps to 0
      [1, 0, 100, 0],
      [5, 0, 100, 5], // -10 + 15
      [3, 4, 5, 12 + 4 + 20 + 2 + 7.5],
      [3, 20, 5, 30 + 20 + 20 + 10 + 7.5],
      [5, 100, 1, 100], // 30 + 20 + 20 + 15 + 15 = 100
      [3, 10, 45, 0 + 10 + 0 + 5 + 7.5], // accesses counted in 90d, not 30d
      [3, 10, 120, 0 + 0 - 10 + 5 + 7.5],
    ])('importance %d, %d accesses, %d days → %d', (importance, accessCount, days, expected) => {
      expect(heat({ importance, accessCount }, days)).toBeCloseTo(expected, 10);
    });
  });

  describe('risk and action', () => {
    it.each([
      [0, 'keep'],
      [49.99, 'keep'],
      [50, 'compress'],
      [199.99, 'compress'],
      [200, 'drop'],
    ] as const)('risk %d → %s', (r, action) => expect(actionFor(r)).toBe(action));

    it('is zero for protected memories and importance 5', () => {
      expect(risk(3, 0, 400, true)).toBe(0);
      expect(risk(5, 0, 400, false)).toBe(0);
    });

    it('follows (1 − heat/100)·(1 − imp)·days·(1 + days/30)', () => {
      expect(risk(3, 7.5, 44, false)).toBeCloseTo(0.925 * 0.5 * 44 * (1 + 44 / 30), 10);
    });
  });

  describe('worked example: an unaccessed importance-3 memory', () => {
    it.each([
      [30, 'keep'],
      [43, 'keep'],
      [44, 'compress'],
      [90, 'compress'],
      [95, 'compress'],
      [96, 'drop'],
      [365, 'drop'],
    ] as const)('after %d days → %s', (days, action) => {
      expect(evaluate(memory({ createdAt: daysAgo(days) }), NOW, ['lesson']).action).toBe(action);
    });

    it('crosses compress at day 44 (risk 50.20) and drop at day 96 (risk 201.6)', () => {
      expect(evaluate(memory({ createdAt: daysAgo(44) }), NOW, []).risk).toBeCloseTo(50.2, 2);
      expect(evaluate(memory({ createdAt: daysAgo(96) }), NOW, []).risk).toBeCloseTo(201.6, 1);
    });
  });

  it('counts days from the last access when there was one', () => {
    const verdict = evaluate(
      memory({ createdAt: daysAgo(400), lastAccessedAt: daysAgo(2), accessCount: 1 }),
      NOW,
      [],
    );
    expect(verdict.days).toBeCloseTo(2, 10);
    expect(verdict.action).toBe('keep');
  });

  it('an importance-1 memory is dropped while an importance-4 one of the same age only fades', () => {
    expect(evaluate(memory({ importance: 1, createdAt: daysAgo(70) }), NOW, []).action).toBe('drop');
    expect(evaluate(memory({ importance: 4, createdAt: daysAgo(70) }), NOW, []).action).toBe('compress');
  });

  it('never forgets protected memories: pinned or a protected category', () => {
    expect(isProtected({ importance: 5, category: 'daily' }, ['lesson'])).toBe(true);
    expect(isProtected({ importance: 2, category: 'lesson' }, ['lesson'])).toBe(true);
    expect(isProtected({ importance: 4, category: 'daily' }, ['lesson'])).toBe(false);
    const old = evaluate(memory({ category: 'lesson', importance: 1, createdAt: daysAgo(3650) }), NOW, [
      'lesson',
    ]);
    expect(old).toMatchObject({ action: 'keep', risk: 0, protected: true });
  });
});
