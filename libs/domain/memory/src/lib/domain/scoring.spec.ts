import { ageDays, decay, emotionBoost, importanceBoost, recallScore } from './scoring';
import { blendWithHopfield, hopfieldComplete } from './hopfield';

describe('recall scoring', () => {
  const now = new Date('2026-11-21T00:00:00Z');
  const base = {
    createdAt: '2026-10-22T00:00:00Z',
    lastAccessedAt: null,
    accessCount: 0,
    importance: 1,
    emotion: { primary: 'neutral' as const, secondary: [], intensity: 0.3, valence: 0, arousal: 0.3 },
  };

  it('halves after 30 days for an unaccessed, unlinked memory', () => {
    expect(ageDays(base, now)).toBe(30);
    expect(decay(30, 0, 0)).toBeCloseTo(0.5, 10);
    expect(recallScore(0.8, base, 0, now)).toBeCloseTo(0.8 - 0.15, 10);
  });

  it('stretches the half-life with access (capped at +60 days) and link confidence', () => {
    expect(decay(90, 12, 0)).toBeCloseTo(0.5, 10);
    expect(decay(90, 100, 0)).toBeCloseTo(0.5, 10);
    expect(decay(45, 0, 1)).toBeCloseTo(0.5, 10);
  });

  it('counts age from the last access when it is later', () => {
    expect(ageDays({ ...base, lastAccessedAt: '2026-11-20T00:00:00Z' }, now)).toBe(1);
  });

  it('adds emotion and importance boosts', () => {
    expect(emotionBoost('excited')).toBe(0.4);
    expect(emotionBoost('calm')).toBe(0);
    expect(importanceBoost(5)).toBeCloseTo(0.4, 10);
    const fresh = {
      ...base,
      createdAt: now.toISOString(),
      importance: 5,
      emotion: { ...base.emotion, primary: 'excited' as const },
    };
    expect(recallScore(0.5, fresh, 0, now)).toBeCloseTo(0.5 + 0.08 + 0.08, 10);
  });
});

describe('Hopfield completion', () => {
  it('pulls the query towards the stored pattern it resembles most', () => {
    const patterns = [
      [1, 0, 0],
      [0, 1, 0],
    ];
    const xi = hopfieldComplete(patterns, [0.9, 0.3, 0.3]);
    expect(xi[0]).toBeGreaterThan(0.9);
    const [a, b] = blendWithHopfield([0.5, 0.5], patterns, xi);
    expect(a).toBeGreaterThan(b);
  });

  it('returns the normalised query when there are no patterns', () => {
    expect(hopfieldComplete([], [3, 4])).toEqual([0.6, 0.8]);
  });
});
