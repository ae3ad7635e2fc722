/**
 * The shared EmbeddingProvider contract suite (behaviour §9): one function that registers the same small
 * tests for any embedding adapter. Each adapter has a runner spec that calls
 * `describeEmbeddingProviderContract` with a factory; the provider is created and initialised once
 * per suite (loading a model is the expensive part).
 */
import type { EmbeddingProvider } from '@kioku/embeddings';

export type EmbeddingProviderFactory = () => EmbeddingProvider | Promise<EmbeddingProvider>;

export interface EmbeddingProviderContractCapabilities {
  /**
   * The provider captures meaning (a real model): a paraphrase is closer than an unrelated sentence.
   * Default true; set false for hashing fakes.
   */
  semantic?: boolean;
  /** Largest allowed component difference between two embeddings of the same text; default 1e-5. */
  tolerance?: number;
}

const UNIT_LENGTH_TOLERANCE = 1e-4;

const SAMPLE_TEXTS = [
  'The user prefers dark mode in every editor.',
  'I paid 40 dollars for the concert ticket.',
  'Remember to water the plants every Sunday.',
];

const UNICODE_TEXTS = [
  'ユーザーは味噌ラーメンが大好きで、週末によく食べに行く。',
  '歯医者の予約は来週の火曜日の午後3時。',
  '今日はとても楽しかった 🎉😀',
  '🚀🔥',
  'Ünïcödé — «quotes», ½ and \u00a0non-breaking space',
];

export function describeEmbeddingProviderContract(
  name: string,
  factory: EmbeddingProviderFactory,
  capabilities: EmbeddingProviderContractCapabilities = {},
): void {
  const tolerance = capabilities.tolerance ?? 1e-5;

  describe(`EmbeddingProvider contract: ${name}`, () => {
    let provider: EmbeddingProvider;

    beforeAll(async () => {
      provider = await factory();
      await provider.init();
    });

    it('declares a model id and a positive integer dimension', () => {
      expect(typeof provider.modelId).toBe('string');
      expect(provider.modelId.length).toBeGreaterThan(0);
      expect(Number.isInteger(provider.dimension)).toBe(true);
      expect(provider.dimension).toBeGreaterThan(0);
    });

    it('declares calibrated thresholds, if any, in the order dedup < merge < link', () => {
      const thresholds = provider.calibratedThresholds;
      if (thresholds === undefined) return;
      expect(thresholds.dedupDistance).toBeGreaterThan(0);
      expect(thresholds.dedupDistance).toBeLessThanOrEqual(thresholds.mergeDistance);
      expect(thresholds.mergeDistance).toBeLessThanOrEqual(thresholds.linkDistance);
      expect(thresholds.linkDistance).toBeLessThan(2);
    });

    it('init() is idempotent', async () => {
      await provider.init();
      await provider.init();
    });

    it('returns one vector of length `dimension` per text', async () => {
      const vectors = await provider.embed(SAMPLE_TEXTS);
      expect(vectors).toHaveLength(SAMPLE_TEXTS.length);
      for (const vector of vectors) {
        expect(vector).toHaveLength(provider.dimension);
        expect(vector.every((value) => Number.isFinite(value))).toBe(true);
      }
    });

    it('returns unit vectors', async () => {
      for (const vector of await provider.embed(SAMPLE_TEXTS)) {
        expect(Math.abs(norm(vector) - 1)).toBeLessThan(UNIT_LENGTH_TOLERANCE);
      }
    });

    it('keeps batch order: embedding [a, b, c] equals embedding each alone', async () => {
      const batch = await provider.embed(SAMPLE_TEXTS);
      for (const [index, text] of SAMPLE_TEXTS.entries()) {
        const [alone] = await provider.embed([text]);
        expect(maxDifference(batch[index], alone)).toBeLessThanOrEqual(tolerance);
      }
      const reversed = await provider.embed([...SAMPLE_TEXTS].reverse());
      expect(maxDifference(reversed[0], batch[2])).toBeLessThanOrEqual(tolerance);
      expect(maxDifference(reversed[2], batch[0])).toBeLessThanOrEqual(tolerance);
    });

    it('keeps order in a batch larger than any internal batch size', async () => {
      const texts = Array.from(
        { length: 70 },
        (_, index) => `Memory number ${index}: ${SAMPLE_TEXTS[index % 3]}`,
      );
      const vectors = await provider.embed(texts);
      expect(vectors).toHaveLength(texts.length);
      for (const index of [0, 31, 32, 33, 64, 69]) {
        const [alone] = await provider.embed([texts[index]]);
        expect(maxDifference(vectors[index], alone)).toBeLessThanOrEqual(tolerance);
      }
    });

    it('is deterministic across calls', async () => {
      const first = await provider.embed(SAMPLE_TEXTS);
      const second = await provider.embed(SAMPLE_TEXTS);
      first.forEach((vector, index) =>
        expect(maxDifference(vector, second[index])).toBeLessThanOrEqual(tolerance),
      );
    });

    it('gives concurrent calls the same vectors as sequential ones', async () => {
      const sequential: number[][] = [];
      for (const text of SAMPLE_TEXTS) sequential.push((await provider.embed([text]))[0]);
      const concurrent = await Promise.all(SAMPLE_TEXTS.map((text) => provider.embed([text])));
      concurrent.forEach(([vector], index) =>
        expect(maxDifference(vector, sequential[index])).toBeLessThanOrEqual(tolerance),
      );
    });

    it('returns an empty list for an empty list', async () => {
      await expect(provider.embed([])).resolves.toEqual([]);
    });

    it.each([
      ['an empty text', ''],
      ['a whitespace-only text', ' \n\t\u3000 '],
    ])('rejects %s with INVALID_INPUT', async (_case, text) => {
      await expect(provider.embed([text])).rejects.toMatchObject({ name: 'AppError', code: 'INVALID_INPUT' });
    });

    it('rejects the whole batch when one text is empty', async () => {
      await expect(provider.embed([SAMPLE_TEXTS[0], '   '])).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    });

    it('embeds Japanese, emoji and other unicode text into finite unit vectors', async () => {
      const vectors = await provider.embed(UNICODE_TEXTS);
      for (const vector of vectors) {
        expect(vector).toHaveLength(provider.dimension);
        expect(vector.every((value) => Number.isFinite(value))).toBe(true);
        expect(Math.abs(norm(vector) - 1)).toBeLessThan(UNIT_LENGTH_TOLERANCE);
      }
    });

    it('tells different Japanese sentences apart (not one vector for all unknown text)', async () => {
      const [ramen, dentist] = await provider.embed(UNICODE_TEXTS.slice(0, 2));
      expect(1 - dot(ramen, dentist)).toBeGreaterThan(0.05);
    });

    if (capabilities.semantic ?? true) {
      it('puts a paraphrase closer than an unrelated sentence', async () => {
        const [home, paraphrase, unrelated] = await provider.embed([
          'I live in San Francisco.',
          'My home is in San Francisco.',
          'The cat ate fish.',
        ]);
        expect(dot(home, paraphrase)).toBeGreaterThan(dot(home, unrelated) + 0.1);
      });
    }
  });
}

function dot(left: number[], right: number[]): number {
  let sum = 0;
  for (let index = 0; index < left.length; index += 1) sum += left[index] * right[index];
  return sum;
}

function norm(vector: number[]): number {
  return Math.sqrt(dot(vector, vector));
}

function maxDifference(left: number[], right: number[]): number {
  expect(left).toHaveLength(right.length);
  let largest = 0;
  for (let index = 0; index < left.length; index += 1)
    largest = Math.max(largest, Math.abs(left[index] - right[index]));
  return largest;
}
