/**
 * The default embedding provider: runs on this machine with no network.
 *
 * Each vector is a composite (see composite-vector.ts): Universal Sentence Encoder Lite (512-d,
 * English vocabulary) joined with a 256-d hashed character-gram vector that needs no vocabulary,
 * weighted by how much of the text the model can read. USE-lite alone gives every Japanese sentence
 * the same vector (behaviour §4, "Never trust one signal"); the composite tells them apart.
 *
 * This class runs the model on the calling thread (the event loop): `KIOKU_EMBEDDING_THREADS=0`, tests
 * and tools. Servers use `LocalThreadedEmbeddingProvider`, which runs the same computation in worker
 * threads. The model loads once, lazily, on the first `init()` or `embed()`; concurrent callers share the
 * load. Concurrent `embed` calls are coalesced into forward passes of at most `maxBatchSize` texts
 * (measured here: ~120 texts/s in batches of 32, against one pass of ~12–15 ms per single text).
 */
import type { DistanceThresholds, EmbeddingProvider, RecallWeights } from '@kioku/embeddings';
import { assertEmbeddableTexts, EmbeddingUnavailableError } from '@kioku/embeddings';
import { RequestBatcher } from '@kioku/request-batcher';
import { CHARACTER_GRAM_DIMENSION, localTextVectors } from './local-text-vectors';
import { loadUseLiteEncoder, USE_LITE_DIMENSION, type SentenceEncoder } from './use-lite-encoder';

export const LOCAL_EMBEDDING_MODEL_ID = `local:use-lite-${USE_LITE_DIMENSION}+chargram-${CHARACTER_GRAM_DIMENSION}@1`;
export const LOCAL_EMBEDDING_DIMENSION = USE_LITE_DIMENSION + CHARACTER_GRAM_DIMENSION;

/**
 * Calibrated with calibration/calibrate.ts on the labelled pairs of calibration/pairs.json
 * (numbers in calibration/RESULTS.md). This space is less peaked than a large cloud model's (an
 * English paraphrase sits at 0.10–0.37), so the seeds' 0.05 / 0.10 / 0.30 would almost never fire.
 * - dedup 0.17: no related or unrelated pair is closer (the nearest is 0.26); design note 002's Japanese
 *   duplicate (0.14) is refused while design note 000's English merge-candidate pair (0.19) is not.
 *   Near-misses (40 vs 400 dollars, likes vs doesn't like) are closer still: no embedding separates
 *   them, the domain's number/date/negation exception does.
 * - merge 0.25: every pair below it in the set is a paraphrase (or a near-miss, for the agent to judge).
 * - link 0.45: no unrelated pair is within it (nearest: 0.53 Korean, 0.58 Japanese, 0.73 English).
 */
export const LOCAL_CALIBRATED_THRESHOLDS: DistanceThresholds = Object.freeze({
  dedupDistance: 0.17,
  linkDistance: 0.45,
  mergeDistance: 0.25,
});

/**
 * Recall's fusion weights for this model, measured with `kioku bench retrieval` on the LoCoMo dev
 * split (docs/retrieval.md): the words carry most of the evidence, the meaning adds paraphrases; 0.3
 * sits on a plateau from 0.2 to 0.4.
 */
export const LOCAL_RECALL_WEIGHTS: RecallWeights = Object.freeze({ denseWeight: 0.3 });

export interface LocalEmbeddingProviderOptions {
  /** Most texts in one forward pass; default 32. */
  maxBatchSize?: number;
  /** Called before each forward pass with its number of texts (metrics, tests). */
  onForwardPass?: (batchSize: number) => void;
  /** Loads the sentence encoder; defaults to USE-lite from its npm package. Replaceable for tests of failure handling. */
  loadEncoder?: () => Promise<SentenceEncoder>;
}

export class LocalEmbeddingProvider implements EmbeddingProvider {
  readonly modelId = LOCAL_EMBEDDING_MODEL_ID;
  readonly dimension = LOCAL_EMBEDDING_DIMENSION;
  readonly calibratedThresholds = LOCAL_CALIBRATED_THRESHOLDS;
  readonly recallWeights = LOCAL_RECALL_WEIGHTS;

  private encoderLoad?: Promise<SentenceEncoder>;
  private readonly batcher: RequestBatcher<string, number[]>;
  private readonly loadEncoder: () => Promise<SentenceEncoder>;

  constructor(private readonly options: LocalEmbeddingProviderOptions = {}) {
    this.loadEncoder = options.loadEncoder ?? loadUseLiteEncoder;
    // One model on this CPU: concurrent passes gain nothing, so runs never overlap.
    this.batcher = new RequestBatcher((texts) => this.forwardPass(texts), {
      maxBatchSize: options.maxBatchSize ?? 32,
      maxConcurrentRuns: 1,
    });
  }

  async init(): Promise<void> {
    await this.encoder();
  }

  async embed(texts: string[]): Promise<number[][]> {
    assertEmbeddableTexts(texts);
    if (texts.length === 0) return [];
    await this.encoder();
    return this.batcher.submit(texts);
  }

  /** One shared load; a failed load is forgotten so that the next call retries it. */
  private encoder(): Promise<SentenceEncoder> {
    this.encoderLoad ??= this.loadEncoder().catch((error: unknown) => {
      this.encoderLoad = undefined;
      throw new EmbeddingUnavailableError('local', 'the model could not be loaded', { cause: error });
    });
    return this.encoderLoad;
  }

  private async forwardPass(texts: string[]): Promise<number[][]> {
    const encoder = await this.encoder();
    this.options.onForwardPass?.(texts.length);
    try {
      return await localTextVectors(encoder, texts);
    } catch (error) {
      throw new EmbeddingUnavailableError('local', 'the model failed to embed a batch', { cause: error });
    }
  }
}
