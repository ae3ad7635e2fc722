import { bm25, distinctiveTerms, fuseRankings, searchText, termCoverage, tokenize } from './lexical';

describe('lexical recall helpers', () => {
  it('normalises search text: NFKC, lower case, single spaces', () => {
    expect(searchText('  ＩＮＣ－４４７１\n Done ')).toBe('inc-4471 done');
  });

  it('keeps names, numbers, codes and other scripts as distinctive terms; leaves plain words to the vectors', () => {
    expect(distinctiveTerms('What did Alice say about INC-4471?')).toEqual(['inc-4471', 'alice']);
    expect(distinctiveTerms('paid 40 dollars for the ticket')).toEqual(['40']);
    expect(distinctiveTerms('Жена любит чай')).toEqual(['любит', 'жена', 'чай']);
    expect(distinctiveTerms('the weather was nice today')).toEqual([]);
  });

  it('uses character bigrams for Japanese, leaving out pure-hiragana grammar', () => {
    expect(distinctiveTerms('味噌ラーメンが好き')).toEqual([
      '味噌',
      '噌ラ',
      'ラー',
      'ーメ',
      'メン',
      'ンが',
      'が好',
      '好き',
    ]);
    expect(tokenize('ラーメン')).toEqual(['ラー', 'ーメ', 'メン']);
  });

  it('ranks by BM25: more occurrences and rarer terms score higher, absent terms score zero', () => {
    const scores = bm25(['alice'], ['alice met alice', 'alice left', 'bob stayed']);
    expect(scores[0]).toBeGreaterThan(scores[1]);
    expect(scores[2]).toBe(0);
  });

  it('measures term coverage over tokens, not substrings', () => {
    expect(termCoverage(['cat', 'mat'], 'the cat sat')).toBe(0.5);
    expect(termCoverage(['cat'], 'concatenate')).toBe(0);
  });

  it('fuses by reciprocal rank: promotes a lexical hit, never lowers a vector hit', () => {
    const vector = [
      { id: 'a', similarity: 0.9 },
      { id: 'b', similarity: 0.8 },
      { id: 'c', similarity: 0.7 },
    ];
    const fused = fuseRankings(vector, [
      { id: 'c', similarity: 0.7 },
      { id: 'x', similarity: 0.1 },
    ]);
    expect(fused.map((f) => f.id)).toEqual(['c', 'a', 'x', 'b']);
    const relevance = Object.fromEntries(fused.map((f) => [f.id, f.relevance]));
    expect(relevance).toEqual({ c: 0.9, a: 0.9, x: 0.7, b: 0.8 });
  });
});
