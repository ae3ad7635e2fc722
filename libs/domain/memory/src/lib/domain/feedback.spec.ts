import { feedbackQuery } from './feedback';

describe('pseudo-relevance feedback', () => {
  it("adds the hits' words the query lacks, those in most hits first, as words (not stems)", () => {
    const expanded = feedbackQuery(
      'where did she go camping?',
      ['We went camping at the beach', 'The beach was lovely at sunset', 'Camping again soon'],
      2,
    );
    expect(expanded).toBe('where did she go camping? beach went');
  });

  it('adds nothing when the hits hold no new words', () => {
    expect(feedbackQuery('camping trip', ['camping', 'the trip'], 5)).toBe('camping trip');
  });
});
