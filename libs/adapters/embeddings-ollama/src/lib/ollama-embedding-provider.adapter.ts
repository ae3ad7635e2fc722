/**
 * Embeds through an Ollama server with the `ollama` npm client (`POST /api/embed`).
 *
 * - The host is always passed explicitly: the client ignores `OLLAMA_HOST`, and nothing below an app
 *   reads the environment.
 * - `dimension` is whatever the model produces. Unless it is configured, it is learned in `init()` by
 *   embedding a probe text: **await `init()` before reading `dimension`** (reading it earlier throws).
 *   A configured dimension is checked against the model in `init()`.
 * - Concurrent `embed` calls are coalesced into requests of at most `maxBatchSize` texts (default 64),
 *   with at most `maxConcurrentRequests` (default 2) in flight; each request is aborted after
 *   `timeoutMs` (default 60 s).
 * - Vectors are L2-normalised here even though current Ollama servers already normalise, so the port's
 *   unit-length contract does not depend on the server's version.
 * - `modelId` is `ollama:<model>`, with Ollama's implicit `:latest` tag removed, so `nomic-embed-text`
 *   and `nomic-embed-text:latest` name the same vector space.
 */
import { Ollama } from 'ollama';
import type { OllamaSettings } from '@kioku/config';
import type { DistanceThresholds, EmbedOptions, EmbeddingProvider, RecallWeights } from '@kioku/embeddings';
import { assertEmbeddableTexts, EmbeddingUnavailableError } from '@kioku/embeddings';
import { RequestBatcher } from '@kioku/request-batcher';
import { AppError, positiveInteger } from '@kioku/kernel';
import { parseOllamaUrl, type OllamaConnection } from './ollama-connection';
import {
  OLLAMA_PROVIDER,
  OllamaDimensionMismatchError,
  OllamaTimeoutError,
  translateOllamaError,
} from './ollama-embeddings.errors';

const OLLAMA_DEFAULT_TIMEOUT_MS = 60_000;
const OLLAMA_DEFAULT_MAX_BATCH_SIZE = 64;
const OLLAMA_DEFAULT_MAX_CONCURRENT_REQUESTS = 2;

/**
 * Recall's fusion weights for an Ollama model: the general-purpose embedding models served by Ollama
 * (nomic-embed-text, mxbai-embed-large, bge-m3, …) rank by meaning far better than the bundled model,
 * so meaning and words count equally. A prior, not a measurement made here (docs/retrieval.md says
 * how to measure a model with `kioku bench retrieval` and set KIOKU_RECALL_DENSE_WEIGHT).
 */
const OLLAMA_RECALL_WEIGHTS: RecallWeights = Object.freeze({ denseWeight: 0.5 });

/** The text `init()` embeds to learn (or check) the model's dimension. */
const PROBE_TEXT = 'kioku embedding dimension probe';

/** The configured `OllamaSettings` (the timeout has a default here), plus the tuning that is not configured. */
export type OllamaEmbeddingProviderOptions = Omit<OllamaSettings, 'timeoutMs'> & {
  /** Abort one HTTP request after this many milliseconds; default 60 000. */
  timeoutMs?: number;
  /** Most texts in one request; default 64. */
  maxBatchSize?: number;
  /** Most requests in flight at once; default 2. */
  maxConcurrentRequests?: number;
  /** Thresholds calibrated for this model; unset means the seeds' defaults apply (behaviour §4). */
  calibratedThresholds?: DistanceThresholds;
};

export class OllamaEmbeddingProvider implements EmbeddingProvider {
  readonly modelId: string;
  readonly calibratedThresholds?: DistanceThresholds;
  readonly recallWeights = OLLAMA_RECALL_WEIGHTS;

  private readonly model: string;
  private readonly connection: OllamaConnection;
  private readonly timeoutMs: number;
  private readonly configuredDimension?: number;
  private readonly client: Ollama;
  private readonly batcher: RequestBatcher<string, number[]>;
  private learnedDimension?: number;
  private initialization?: Promise<void>;

  constructor(options: OllamaEmbeddingProviderOptions) {
    this.model = options.model.trim();
    if (this.model.length === 0) {
      throw new AppError('CONFIG_INVALID', 'The Ollama model name is empty (e.g. nomic-embed-text).');
    }
    this.connection = parseOllamaUrl(options.url);
    this.timeoutMs = positiveInteger(
      options.timeoutMs ?? OLLAMA_DEFAULT_TIMEOUT_MS,
      'timeoutMs',
      invalidOption,
    );
    if (options.dimension !== undefined) {
      this.configuredDimension = positiveInteger(options.dimension, 'dimension', invalidOption);
    }
    this.calibratedThresholds = options.calibratedThresholds && checkThresholds(options.calibratedThresholds);
    this.modelId = `${OLLAMA_PROVIDER}:${this.model.replace(/:latest$/, '')}`;
    this.client = new Ollama({
      host: this.connection.baseUrl,
      headers: this.connection.headers,
      fetch: (input, init) => this.fetchWithTimeout(input, init),
    });
    this.batcher = new RequestBatcher((texts) => this.embedBatch(texts), {
      maxBatchSize: positiveInteger(
        options.maxBatchSize ?? OLLAMA_DEFAULT_MAX_BATCH_SIZE,
        'maxBatchSize',
        invalidOption,
      ),
      maxConcurrentRuns: positiveInteger(
        options.maxConcurrentRequests ?? OLLAMA_DEFAULT_MAX_CONCURRENT_REQUESTS,
        'maxConcurrentRequests',
        invalidOption,
      ),
    });
  }

  /** Length of every vector: the configured dimension, or the one learned by `init()`. */
  get dimension(): number {
    const dimension = this.configuredDimension ?? this.learnedDimension;
    if (dimension === undefined) {
      throw new AppError(
        'INTERNAL',
        `The dimension of the Ollama model "${this.model}" is not known before init() has completed.`,
      );
    }
    return dimension;
  }

  /**
   * Embeds a probe text: checks that the server answers and has the model, and learns (or checks) the
   * dimension. Concurrent callers share one probe; a failed probe is forgotten so the next call retries.
   */
  init(): Promise<void> {
    this.initialization ??= this.probe().catch((error: unknown) => {
      this.initialization = undefined;
      throw error;
    });
    return this.initialization;
  }

  async embed(texts: string[], options?: EmbedOptions): Promise<number[][]> {
    assertEmbeddableTexts(texts);
    if (texts.length === 0) return [];
    await this.init();
    // Recall's queries go ahead of writes waiting for one of the requests in flight.
    return this.batcher.submit(texts, options?.priority === 'interactive' ? 'urgent' : 'normal');
  }

  private async probe(): Promise<void> {
    const [vector] = await this.request([PROBE_TEXT]);
    if (this.configuredDimension !== undefined && vector.length !== this.configuredDimension) {
      throw new OllamaDimensionMismatchError(
        this.model,
        this.configuredDimension,
        vector.length,
        'configured',
      );
    }
    this.learnedDimension = vector.length;
  }

  /** One request's worth of texts: fetch, check every vector's length, normalise. */
  private async embedBatch(texts: string[]): Promise<number[][]> {
    const vectors = await this.request(texts);
    const expected = this.dimension;
    return vectors.map((vector) => {
      if (vector.length !== expected) {
        throw new OllamaDimensionMismatchError(
          this.model,
          expected,
          vector.length,
          this.configuredDimension === undefined ? 'learned' : 'configured',
        );
      }
      return this.normalise(vector);
    });
  }

  private async request(texts: string[]): Promise<number[][]> {
    let embeddings: unknown;
    try {
      // truncate: a text longer than the model's context is embedded by its beginning instead of failing
      // the whole batch (Ollama's default, stated so it does not depend on the server's version).
      ({ embeddings } = await this.client.embed({ model: this.model, input: texts, truncate: true }));
    } catch (error) {
      throw translateOllamaError(error, {
        model: this.model,
        displayUrl: this.connection.displayUrl,
        timeoutMs: this.timeoutMs,
      });
    }
    if (!Array.isArray(embeddings) || embeddings.length !== texts.length) {
      const count = Array.isArray(embeddings) ? embeddings.length : 'no';
      throw this.invalidResponse(`returned ${count} vectors for ${texts.length} texts`);
    }
    return embeddings.map((vector: unknown) => {
      if (!Array.isArray(vector) || vector.length === 0 || !vector.every(Number.isFinite)) {
        throw this.invalidResponse('returned a vector that is empty or not made of finite numbers');
      }
      return vector as number[];
    });
  }

  private normalise(vector: number[]): number[] {
    let squares = 0;
    for (const value of vector) squares += value * value;
    const length = Math.sqrt(squares);
    if (!(length > 0) || !Number.isFinite(length)) {
      throw this.invalidResponse('returned a zero vector, which has no direction');
    }
    return vector.map((value) => value / length);
  }

  private invalidResponse(problem: string): EmbeddingUnavailableError {
    return new EmbeddingUnavailableError(
      OLLAMA_PROVIDER,
      `the server at ${this.connection.displayUrl} ${problem} (model "${this.model}").`,
    );
  }

  /**
   * The client's fetch, with two workarounds for ollama-js 0.6.4
   * (https://github.com/ollama/ollama-js/blob/main/src/utils.ts, `post` and `checkOk`):
   * - a timeout over the whole exchange, body included: the client passes no abort signal for
   *   non-streaming requests, so a server that never answers would hang the caller forever. The body is
   *   read here, under the timer, and the timer is cleared as soon as the exchange ends;
   * - error bodies that are not JSON (a proxy's "502 Bad Gateway" page) are rewritten as Ollama's
   *   `{"error": "..."}`: for those `checkOk` calls `console.log`, which would corrupt the MCP
   *   server's stdio protocol.
   */
  private async fetchWithTimeout(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new OllamaTimeoutError(this.timeoutMs)), this.timeoutMs);
    try {
      const signal = init?.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal;
      const response = await fetch(input, { ...init, signal });
      const { status, statusText } = response;
      const contentType = response.headers.get('content-type') ?? '';
      if (response.ok || contentType.includes('application/json')) {
        return new Response(await response.arrayBuffer(), { status, statusText, headers: response.headers });
      }
      let text = '';
      if (contentType.startsWith('text/plain')) text = (await response.text()).trim();
      else await response.body?.cancel();
      const error = text || `HTTP ${status} ${statusText}`.trim();
      return new Response(JSON.stringify({ error }), {
        status,
        statusText,
        headers: { 'content-type': 'application/json' },
      });
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A bad option is a configuration error, named as such. */
function invalidOption(message: string): AppError {
  return new AppError('CONFIG_INVALID', `Ollama embeddings: ${message}.`);
}

function checkThresholds(thresholds: DistanceThresholds): DistanceThresholds {
  const { dedupDistance, mergeDistance, linkDistance } = thresholds;
  if (!(
    dedupDistance > 0 &&
    dedupDistance <= mergeDistance &&
    mergeDistance <= linkDistance &&
    linkDistance < 2
  )) {
    throw new AppError(
      'CONFIG_INVALID',
      'Ollama embeddings: calibrated thresholds must satisfy 0 < dedup ≤ merge ≤ link < 2 (cosine distances).',
    );
  }
  return Object.freeze({ ...thresholds });
}
