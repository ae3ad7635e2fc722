import { withChains } from './evidence-chains';

describe('evidence chains', () => {
  const relevance = new Map([
    ['a', 1],
    ['b', 0.4],
    ['c', 0.2],
  ]);

  it('adds weight × confidence × the best relevance among the linked matching memories', () => {
    const chained = withChains(
      relevance,
      [
        { sourceId: 'b', targetId: 'a', confidence: 0.8 },
        { sourceId: 'b', targetId: 'c', confidence: 1 },
        { sourceId: 'a', targetId: 'b', confidence: 0.8 },
      ],
      0.5,
    );
    expect(chained.get('b')).toBeCloseTo(0.4 + 0.5 * 0.8);
    expect(chained.get('a')).toBeCloseTo(1 + 0.5 * 0.8 * 0.4);
    expect(chained.get('c')).toBe(0.2);
  });

  it('never raises a memory the query does not reach, nor through a link to one', () => {
    const chained = withChains(
      relevance,
      [
        { sourceId: 'x', targetId: 'a', confidence: 1 },
        { sourceId: 'c', targetId: 'y', confidence: 1 },
      ],
      0.5,
    );
    expect(chained.has('x')).toBe(false);
    expect(chained.get('c')).toBe(0.2);
  });
});
