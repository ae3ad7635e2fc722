/**
 * The local provider against the real model: Japanese text is embedded informatively (behaviour §4,
 * "Never trust one signal"), English semantics survive the composite, the calibrated thresholds hold
 * on the seeds' own examples, and concurrent calls share forward passes.
 */
import recallSet from '../calibration/recall.json';
import { loadUseLiteEncoder } from './lib/use-lite-encoder';
import {
  LOCAL_CALIBRATED_THRESHOLDS,
  LOCAL_EMBEDDING_DIMENSION,
  LOCAL_EMBEDDING_MODEL_ID,
  LocalEmbeddingProvider,
} from './lib/local-embedding-provider.adapter';

const { dedupDistance, linkDistance, mergeDistance } = LOCAL_CALIBRATED_THRESHOLDS;

const UNRELATED_JAPANESE = [
  'ユーザーは味噌ラーメンが大好きで、週末によく食べに行く。',
  '歯医者の予約は来週の火曜日の午後3時。',
  '来月、ユーザーは大阪から福岡へ引っ越す予定だ。',
  '今日の会話は楽しかった。Masterとの対話は学びが多い。',
  '猫のミケは魚が大好きです。',
  '新しいプロジェクトではTypeScriptを使うことに決めた。',
];
const MASTER_JAPANESE = '今日の会話は楽しかった。Masterとの対話は学びが多い。';
const MASTER_JAPANESE_PARAPHRASE = '今日の会話は楽しかった。Masterから多くのことを学んだ。';

describe('LocalEmbeddingProvider', () => {
  const provider = new LocalEmbeddingProvider();

  beforeAll(() => provider.init());

  const distance = async (left: string, right: string): Promise<number> => {
    const [a, b] = await provider.embed([left, right]);
    return 1 - dot(a, b);
  };

  it('identifies the composite vector space', () => {
    expect(provider.modelId).toBe(LOCAL_EMBEDDING_MODEL_ID);
    expect(provider.modelId).toBe('local:use-lite-512+chargram-256@1');
    expect(provider.dimension).toBe(LOCAL_EMBEDDING_DIMENSION);
    expect(provider.dimension).toBe(768);
    expect(provider.calibratedThresholds).toEqual({
      dedupDistance: 0.17,
      linkDistance: 0.45,
      mergeDistance: 0.25,
    });
  });

  describe('Japanese text (behaviour §4)', () => {
    it('the model alone cannot tell unrelated Japanese sentences apart (why the composite exists)', async () => {
      const encoder = await loadUseLiteEncoder();
      const [tokyo, cat] = await encoder.encode([
        'ユーザーは東京に住んでいる。',
        '猫のミケは魚が大好きです。',
      ]);
      expect(dot(tokyo, cat)).toBeGreaterThan(0.99);
    });

    it('keeps every pair of unrelated Japanese sentences beyond the dedup and link distances', async () => {
      const vectors = await provider.embed(UNRELATED_JAPANESE);
      for (let left = 0; left < vectors.length; left += 1) {
        for (let right = left + 1; right < vectors.length; right += 1) {
          const pairDistance = 1 - dot(vectors[left], vectors[right]);
          expect(pairDistance).toBeGreaterThan(linkDistance);
          expect(pairDistance).toBeGreaterThan(dedupDistance + 0.3);
        }
      }
    });

    it("puts design note 002's Japanese duplicate within the dedup distance and closer than unrelated Japanese", async () => {
      const paraphrase = await distance(MASTER_JAPANESE, MASTER_JAPANESE_PARAPHRASE);
      expect(paraphrase).toBeLessThan(dedupDistance);
      for (const unrelated of UNRELATED_JAPANESE.filter((text) => text !== MASTER_JAPANESE)) {
        expect(paraphrase).toBeLessThan((await distance(MASTER_JAPANESE, unrelated)) - 0.3);
      }
    });

    it('links a related Japanese sentence (same topic, different fact) without deduplicating it', async () => {
      const related = await distance('ユーザーは東京に住んでいる。', 'ユーザーは東京の渋谷で働いている。');
      expect(related).toBeLessThan(linkDistance);
      expect(related).toBeGreaterThan(mergeDistance);
    });

    it('recalls the right Japanese memory by nearest neighbour for Japanese queries', async () => {
      const memories = await provider.embed(recallSet.memories);
      const queries = await provider.embed(recallSet.queries.map((entry) => entry.query));
      const ranks = recallSet.queries.map((entry, index) => {
        const ranked = memories
          .map((vector, memoryIndex) => ({ memoryIndex, similarity: dot(vector, queries[index]) }))
          .sort((left, right) => right.similarity - left.similarity);
        return ranked.findIndex((candidate) => candidate.memoryIndex === entry.expected) + 1;
      });
      // Measured: 11 of 12 first, the twelfth ("傘が必要な天気", umbrella weather → rain) third.
      expect(ranks.filter((rank) => rank === 1).length).toBeGreaterThanOrEqual(11);
      expect(Math.max(...ranks)).toBeLessThanOrEqual(3);
    });
  });

  describe('English text', () => {
    it('keeps the model’s semantics: a paraphrase is closer than an unrelated sentence', async () => {
      const [home, sf, cat] = await provider.embed([
        'I live in San Francisco',
        'My home is in SF',
        'The cat ate fish',
      ]);
      expect(dot(home, sf)).toBeGreaterThan(dot(home, cat) + 0.3);
      expect(dot(sf, cat)).toBeLessThan(0.3);
    });

    it.each([
      ['How do I reset my password?', 'I forgot my login credentials', 'The weather is sunny today'],
      ['A man is playing guitar', 'Someone performs music on a guitar', 'The stock market fell sharply'],
    ])('puts "%s" closer to "%s" than to "%s"', async (anchor, paraphrase, unrelated) => {
      expect(await distance(anchor, paraphrase)).toBeLessThan((await distance(anchor, unrelated)) - 0.2);
    });

    it("keeps design note 000's English pair a merge candidate, not a refused duplicate", async () => {
      const pair = await distance(
        "Today's conversation was fun. I learned a lot from Master.",
        "Today's conversation was enjoyable. Master taught me many things.",
      );
      expect(pair).toBeLessThan(mergeDistance);
      expect(pair).toBeGreaterThan(dedupDistance);
    });

    it('keeps unrelated English beyond the link distance', async () => {
      expect(await distance('I live in San Francisco', 'The cat ate fish')).toBeGreaterThan(
        linkDistance + 0.2,
      );
    });
  });

  it('puts a Japanese and an unrelated English sentence far apart', async () => {
    expect(await distance(UNRELATED_JAPANESE[1], 'I live in San Francisco')).toBeGreaterThan(
      linkDistance + 0.3,
    );
  });
});

describe('LocalEmbeddingProvider batching', () => {
  const TEXTS = Array.from(
    { length: 20 },
    (_, index) => `Memory ${index}: the user mentioned topic number ${index * 7}.`,
  );

  it('coalesces concurrent single-text calls into shared forward passes, with the same vectors', async () => {
    const passes: number[] = [];
    const provider = new LocalEmbeddingProvider({ onForwardPass: (size) => passes.push(size) });
    await provider.init();

    const sequential: number[][] = [];
    for (const text of TEXTS) sequential.push((await provider.embed([text]))[0]);
    expect(passes).toHaveLength(TEXTS.length);

    passes.length = 0;
    const concurrent = await Promise.all(TEXTS.map((text) => provider.embed([text])));
    expect(passes.reduce((sum, size) => sum + size, 0)).toBe(TEXTS.length);
    expect(passes.length).toBeLessThanOrEqual(2);
    concurrent.forEach(([vector], index) =>
      expect(maxDifference(vector, sequential[index])).toBeLessThanOrEqual(1e-5),
    );
  });

  it('coalesces calls that arrive before the model has loaded', async () => {
    const passes: number[] = [];
    const provider = new LocalEmbeddingProvider({ onForwardPass: (size) => passes.push(size) });
    const results = await Promise.all(TEXTS.slice(0, 8).map((text) => provider.embed([text])));
    expect(results).toHaveLength(8);
    expect(passes).toEqual([8]);
  });

  it('splits large requests into passes of at most maxBatchSize texts, keeping order', async () => {
    const passes: number[] = [];
    const provider = new LocalEmbeddingProvider({
      maxBatchSize: 8,
      onForwardPass: (size) => passes.push(size),
    });
    const vectors = await provider.embed(TEXTS);
    expect(passes).toEqual([8, 8, 4]);
    const [last] = await provider.embed([TEXTS[19]]);
    expect(maxDifference(vectors[19], last)).toBeLessThanOrEqual(1e-5);
  });

  it('loads the model once for concurrent first callers', async () => {
    let loads = 0;
    const provider = new LocalEmbeddingProvider({
      loadEncoder: () => {
        loads += 1;
        return loadUseLiteEncoder();
      },
    });
    await Promise.all([provider.init(), provider.init(), provider.embed(['a']), provider.embed(['b'])]);
    expect(loads).toBe(1);
  });

  it('reports a failed load as EMBEDDING_UNAVAILABLE and retries on the next call', async () => {
    let attempts = 0;
    const provider = new LocalEmbeddingProvider({
      loadEncoder: () => {
        attempts += 1;
        return attempts === 1 ? Promise.reject(new Error('disk read failed')) : loadUseLiteEncoder();
      },
    });
    await expect(provider.embed(['hello'])).rejects.toMatchObject({ code: 'EMBEDDING_UNAVAILABLE' });
    await expect(provider.embed(['hello'])).resolves.toHaveLength(1);
    expect(attempts).toBe(2);
  });

  it('rejects invalid input before loading anything', async () => {
    let loads = 0;
    const provider = new LocalEmbeddingProvider({
      loadEncoder: () => {
        loads += 1;
        return loadUseLiteEncoder();
      },
    });
    await expect(provider.embed(['ok', ''])).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(loads).toBe(0);
  });
});

function dot(left: ArrayLike<number>, right: ArrayLike<number>): number {
  let sum = 0;
  for (let index = 0; index < left.length; index += 1) sum += left[index] * right[index];
  return sum;
}

function maxDifference(left: number[], right: number[]): number {
  let largest = 0;
  for (let index = 0; index < left.length; index += 1)
    largest = Math.max(largest, Math.abs(left[index] - right[index]));
  return largest;
}
