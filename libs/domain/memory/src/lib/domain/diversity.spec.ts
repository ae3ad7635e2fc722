import { diversify } from './diversity';

const item = (name: string, score: number, words: string) => ({
  name,
  score,
  terms: new Set(words.split(' ')),
});

describe('diversity', () => {
  const best = item('best', 1, 'camping beach family');
  const copy = item('copy', 0.9, 'camping beach family trip');
  const other = item('other', 0.8, 'pottery class therapy');

  it('takes a different memory before a near-copy of a better one', () => {
    expect(diversify([best, copy, other], 2, 0.5).map((c) => c.name)).toEqual(['best', 'other', 'copy']);
  });

  it('keeps the order when the weight is too small to outweigh the scores', () => {
    expect(diversify([best, copy, other], 2, 0.05).map((c) => c.name)).toEqual(['best', 'copy', 'other']);
  });
});
