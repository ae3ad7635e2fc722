import { labelTerms, withLabelKey } from './label-key';

describe('label key', () => {
  it('reads a short name before a colon as the label, as index terms', () => {
    expect(labelTerms('Alice: I adopted a cat')).toEqual(['alic']);
    expect(labelTerms('Mary Ann Lee: hello there')).toEqual(['mari', 'ann', 'lee']);
    expect(labelTerms('Decision: we go with Postgres')).toEqual(['decis']);
  });

  it('finds no label in text that does not open with a short name and a colon', () => {
    expect(labelTerms('I adopted a cat: her name is Mochi')).toEqual([]);
    expect(labelTerms('the meeting at 10:30 went well')).toEqual([]);
    expect(labelTerms('https://example.com is down')).toEqual([]);
    expect(labelTerms('no colon at all')).toEqual([]);
  });

  it('raises the memories whose label the query names (possessives included), and only those', () => {
    const relevance = new Map([
      ['a', 0.5],
      ['b', 0.6],
      ['c', 0],
    ]);
    const contents = new Map([
      ['a', 'Alice: I took up pottery'],
      ['b', 'Bob: Alice loves pottery'],
      ['c', 'Alice: hello'],
    ]);
    const raised = withLabelKey(relevance, contents, "What are Alice's hobbies?", 2);
    expect(raised.get('a')).toBeCloseTo(1.5);
    expect(raised.get('b')).toBe(0.6);
    // A memory the query does not reach gains nothing from its label.
    expect(raised.get('c')).toBe(0);
  });

  it('changes nothing when the query names no label, or every candidate carries a named one', () => {
    const relevance = new Map([
      ['a', 0.5],
      ['b', 0.6],
    ]);
    const contents = new Map([
      ['a', 'Alice: pottery'],
      ['b', 'Bob: pottery'],
    ]);
    expect(withLabelKey(relevance, contents, 'who likes pottery?', 2)).toBe(relevance);
    expect(withLabelKey(relevance, contents, 'do Alice and Bob like pottery?', 2)).toBe(relevance);
  });
});
