import { SeededRandom } from './seeded-random';

describe('SeededRandom', () => {
  it('repeats the same sequence for the same seed and differs for another seed', () => {
    const a = new SeededRandom(42);
    const b = new SeededRandom(42);
    const c = new SeededRandom(43);
    const first = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(first);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(first);
  });

  it('stays within its ranges', () => {
    const random = new SeededRandom(7);
    for (let i = 0; i < 1000; i++) {
      const x = random.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      const n = random.int(3, 5);
      expect([3, 4, 5]).toContain(n);
    }
  });

  it('picks every item eventually and refuses an empty list', () => {
    const random = new SeededRandom(1);
    const seen = new Set(Array.from({ length: 200 }, () => random.pick(['a', 'b', 'c'])));
    expect(seen).toEqual(new Set(['a', 'b', 'c']));
    expect(() => random.pick([])).toThrow(RangeError);
  });

  it('draws normal values with mean near 0 and variance near 1', () => {
    const random = new SeededRandom(3);
    const values = Array.from({ length: 20000 }, () => random.gaussian());
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length;
    expect(Math.abs(mean)).toBeLessThan(0.05);
    expect(Math.abs(variance - 1)).toBeLessThan(0.05);
  });
});
