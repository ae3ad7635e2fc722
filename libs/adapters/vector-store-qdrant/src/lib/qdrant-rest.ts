/**
 * The Qdrant REST client as the adapter uses it: one `QdrantClient` per store and `call`, which sends
 * one request with the retry policy (`qdrant-retry.policy.ts`) and returns Qdrant's `result`.
 */
import { QdrantClient } from '@qdrant/js-client-rest';
import { classifyQdrantError } from './qdrant.errors';
import type { QdrantLexicalContext } from './qdrant-lexical-index';
import type { ResolvedQdrantOptions } from './qdrant-options';
import { withRetries } from './qdrant-retry.policy';

export type QdrantApi = ReturnType<QdrantClient['api']>;

export class QdrantRest implements QdrantLexicalContext {
  readonly api: QdrantApi;
  readonly ordering: ResolvedQdrantOptions['ordering'];
  readonly consistency: ResolvedQdrantOptions['consistency'];

  constructor(private readonly options: ResolvedQdrantOptions) {
    const { connection } = options;
    this.ordering = options.ordering;
    this.consistency = options.consistency;
    this.api = new QdrantClient({
      url: connection.url,
      prefix: connection.prefix,
      headers: connection.headers,
      timeout: options.requestTimeoutMs,
      maxConnections: options.maxConnections,
      // No version request at start-up (and no console warning when it fails).
      checkCompatibility: false,
    }).api();
  }

  /** One REST call with retries; returns Qdrant's `result`. */
  readonly call = async <T>(request: () => Promise<{ data: { result?: T } }>): Promise<T> => {
    const response = await withRetries(request, this.options.retry, (retry, delayMs, error) =>
      this.options.logger?.debug('vector_store.qdrant.retry', {
        url: this.options.connection.displayUrl,
        retry,
        delayMs: Math.round(delayMs),
        kind: classifyQdrantError(error),
      }),
    );
    const { result } = response.data;
    if (result === undefined) throw new Error('Qdrant answered without a result.');
    return result;
  };
}
