import { InMemoryLexicalIndex } from '@kioku/vector-store-base';
import { analyzeText, bm25Idf, bm25TermWeight } from '@kioku/similarity';
import {
  AVERAGE_DOCUMENT_LENGTH,
  documentSparseVector,
  querySparseVector,
  termIdOf,
  type SparseVector,
} from './qdrant-sparse-vector.encoder';

describe('termIdOf (32-bit FNV-1a of the UTF-8 bytes)', () => {
  it('matches the published FNV-1a test vectors, so ids never change between versions or machines', () => {
    expect(termIdOf('')).toBe(0x811c9dc5);
    expect(termIdOf('a')).toBe(0xe40c292c);
    expect(termIdOf('foobar')).toBe(0xbf9cf968);
  });

  it('hashes UTF-8 bytes and always gives an unsigned 32-bit integer', () => {
    for (const term of ['記憶', 'ラー', 'inc-4471', 'café', '🙂', 'x'.repeat(500)]) {
      const id = termIdOf(term);
      expect(Number.isInteger(id)).toBe(true);
      expect(id).toBeGreaterThanOrEqual(0);
      expect(id).toBeLessThan(2 ** 32);
      expect(termIdOf(term)).toBe(id);
    }
    // 'é' is 0xc3 0xa9 in UTF-8.
    let expected = 0x811c9dc5;
    for (const byte of [0xc3, 0xa9]) expected = Math.imul(expected ^ byte, 0x01000193);
    expect(termIdOf('é')).toBe(expected >>> 0);
  });

  it('can collide (a known pair), which the encoding tolerates', () => {
    expect(termIdOf('k1k6eh7q')).toBe(termIdOf('k12j9xe8'));
  });
});

describe('documentSparseVector', () => {
  it('weights each analysed term with BM25 (k1 0.9, b 0.4) at the constant average length', () => {
    const vector = documentSparseVector('Races, raced, race: the charity race!');
    // Terms: race ×4 (stemmed), chariti ×1 — stopwords and punctuation dropped; length 5.
    const race = termIdOf('race');
    const charity = termIdOf(analyzeText('charity')[0]);
    expect(vector.indices).toEqual([race, charity].sort((a, b) => a - b));
    expect(valueOf(vector, race)).toBeCloseTo(bm25TermWeight(4, 5, AVERAGE_DOCUMENT_LENGTH), 12);
    expect(valueOf(vector, charity)).toBeCloseTo(bm25TermWeight(1, 5, AVERAGE_DOCUMENT_LENGTH), 12);
  });

  it('gives weight 1 to a term seen once in a document of average length', () => {
    const words = Array.from({ length: AVERAGE_DOCUMENT_LENGTH }, (_, i) => `w${i}`).join(' ');
    expect(documentSparseVector(words).values).toEqual(
      Array.from({ length: AVERAGE_DOCUMENT_LENGTH }, () => expect.closeTo(1, 12)),
    );
  });

  it('keeps ascending unique indices, adding up the frequencies of colliding terms', () => {
    const vector = documentSparseVector('k1k6eh7q k12j9xe8 charity');
    expect(vector.indices).toEqual([...new Set(vector.indices)].sort((a, b) => a - b));
    expect(vector.indices).toHaveLength(2);
    expect(valueOf(vector, termIdOf('k1k6eh7q'))).toBeCloseTo(
      bm25TermWeight(2, 3, AVERAGE_DOCUMENT_LENGTH),
      12,
    );
  });

  it('is empty for a document without index terms', () => {
    expect(documentSparseVector('')).toEqual({ indices: [], values: [] });
    expect(documentSparseVector('the and of, !!')).toEqual({ indices: [], values: [] });
  });
});

describe('querySparseVector', () => {
  it('has one index per distinct analysed term, each with value 1 (Qdrant supplies the IDF)', () => {
    const vector = querySparseVector('When did Melanie run the charity race? Melanie!');
    const terms = [...new Set(analyzeText('Melanie run charity race'))];
    expect(vector.indices).toEqual(terms.map(termIdOf).sort((a, b) => a - b));
    expect(vector.values).toEqual(terms.map(() => 1));
  });

  it('is empty for a query of stopwords or punctuation', () => {
    expect(querySparseVector('what is the, ?!')).toEqual({ indices: [], values: [] });
  });
});

describe('Qdrant scoring of the encoding', () => {
  // Qdrant with the IDF modifier: Σ over shared indices of idf(df, N) × query value × document value.
  function qdrantScores(documents: Map<string, string>, query: string): Map<string, number> {
    const vectors = new Map([...documents].map(([id, text]) => [id, documentSparseVector(text)]));
    const df = new Map<number, number>();
    for (const vector of vectors.values()) for (const i of vector.indices) df.set(i, (df.get(i) ?? 0) + 1);
    const q = querySparseVector(query);
    const scores = new Map<string, number>();
    for (const [id, vector] of vectors) {
      let score = 0;
      q.indices.forEach((index, k) => {
        const value = valueOf(vector, index);
        if (value !== undefined) score += bm25Idf(df.get(index)!, vectors.size) * q.values[k] * value;
      });
      if (score > 0) scores.set(id, score);
    }
    return scores;
  }

  it('equals the reference BM25 index when the corpus has the assumed average length', () => {
    // Every document has exactly AVERAGE_DOCUMENT_LENGTH analysed terms.
    const filler = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');
    const documents = new Map([
      ['a', `charity race ${filler(AVERAGE_DOCUMENT_LENGTH - 2, 'a')}`],
      ['b', `race race race ${filler(AVERAGE_DOCUMENT_LENGTH - 3, 'b')}`],
      ['c', `melanie painting ${filler(AVERAGE_DOCUMENT_LENGTH - 2, 'c')}`],
      ['d', `melanie race ${filler(AVERAGE_DOCUMENT_LENGTH - 2, 'd')}`],
    ]);
    const reference = new InMemoryLexicalIndex();
    for (const [id, text] of documents) reference.upsert(id, text, {});
    for (const query of ['charity race', 'Melanie', 'race melanie painting', 'a3 b3']) {
      const expected = reference.search(query, 10);
      const actual = qdrantScores(documents, query);
      expect([...actual.keys()].sort()).toEqual(expected.map((hit) => hit.id).sort());
      for (const hit of expected) expect(actual.get(hit.id)).toBeCloseTo(hit.score, 10);
    }
  });

  it('ranks a rare term above a common one', () => {
    const documents = new Map([
      ['common', 'melanie went home'],
      ['rare', 'a charity event'],
      ['other', 'melanie said hello'],
    ]);
    const scores = qdrantScores(documents, 'melanie charity');
    expect(scores.get('rare')!).toBeGreaterThan(scores.get('common')!);
  });
});

function valueOf(vector: SparseVector, index: number): number | undefined {
  const position = vector.indices.indexOf(index);
  return position < 0 ? undefined : vector.values[position];
}
