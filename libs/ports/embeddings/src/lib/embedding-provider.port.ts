/**
 * The embedding-provider port: turns texts into vectors.
 *
 * Contract (checked by the embedding contract suite in `@kioku/testing-contracts`):
 * - `embed(texts)` returns one vector per text, in the same order, each of length `dimension` and
 *   L2-normalised (unit length), so cosine distance is `1 − dot(a, b)`.
 * - The same text always gives the same vector (deterministic), alone or inside any batch.
 * - An empty or whitespace-only text is rejected with an `INVALID_INPUT` AppError; an empty list
 *   returns an empty list.
 * - A provider that cannot be reached throws an `EMBEDDING_UNAVAILABLE` AppError.
 * - A provider whose bounded queue is full throws a `BUSY` AppError at once (`EmbeddingBusyError`,
 *   with `details.retryAfterSeconds`); nothing was embedded.
 * - `priority` changes only when a call is served, never its vectors: a provider that shares a scarce
 *   resource (a few CPU threads) serves `interactive` calls (a caller is waiting to read) before
 *   `standard` ones (writes), without starving the latter; a provider that has nothing to share may
 *   ignore it.
 */
export interface DistanceThresholds {
  /** remember refuses a save below this cosine distance to the nearest memory. */
  dedupDistance: number;
  /** remember auto-links below this distance. */
  linkDistance: number;
  /** consolidate proposes merges below this distance. */
  mergeDistance: number;
}

/** Recall's fusion weights for this model's vector space (how far its meaning ranking is trusted). */
export interface RecallWeights {
  /** Weight of the dense ranking in recall's score fusion, 0..1; the lexical ranking gets the rest. */
  denseWeight: number;
}

/** Who waits on an embedding: `interactive` for a read a caller waits on (recall's query), `standard` otherwise. */
type EmbeddingPriority = 'interactive' | 'standard';

export interface EmbedOptions {
  /** Default `standard`. */
  priority?: EmbeddingPriority;
}

export interface EmbeddingProvider {
  /** Identifies the model and its vector space, e.g. `local:use-lite+ngram@1`; stored with every vector. */
  readonly modelId: string;
  /** Length of every vector. */
  readonly dimension: number;
  /** Thresholds calibrated for this model, when they differ from the seeds' defaults (behaviour §4). */
  readonly calibratedThresholds?: DistanceThresholds;
  /** Fusion weights suited to this model, when they differ from the defaults (docs/retrieval.md). */
  readonly recallWeights?: RecallWeights;

  /** Prepares the model (loads weights, checks the server); idempotent. */
  init(): Promise<void>;

  /** One unit vector per text, same order. */
  embed(texts: string[], options?: EmbedOptions): Promise<number[][]>;
}
