/**
 * The Qdrant adapter's options and their checks. The options that come from the environment are the
 * configuration's `QdrantSettings` (one declaration, handed over unchanged by the composition lib); the
 * adapter adds defaults for direct use (tests, tools) and the tuning that is not configured.
 */
import type { QdrantSettings, QdrantWriteOrdering } from '@kioku/config';
import { AppError, positiveInteger, type Logger } from '@kioku/kernel';
import { parseQdrantUrl, type QdrantConnection } from './qdrant-connection';
import { DEFAULT_RETRY, type RetryOptions } from './qdrant-retry.policy';

/** Qdrant's read consistency: a number of replicas, or `majority` / `quorum` / `all`. */
type QdrantReadConsistency = number | 'majority' | 'quorum' | 'all';

/** `QdrantSettings` with its defaults optional, plus the tuning that is not configured. */
export type QdrantVectorStoreOptions = Pick<QdrantSettings, 'url' | 'apiKey'> &
  Partial<Omit<QdrantSettings, 'url' | 'apiKey'>> & {
    /** Read consistency for retrieve, scroll, query and count (default: Qdrant's, one replica). */
    readConsistency?: QdrantReadConsistency;
    /** Retries of transient failures (default 2 retries, 200 ms doubling, at most 5 s). */
    retry?: RetryOptions;
    /** Keep-alive connections to the server (default 25, the client's). */
    maxConnections?: number;
    logger?: Logger;
  };

export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;
const DEFAULT_WRITE_ORDERING: QdrantWriteOrdering = 'medium';

/** The options after their defaults and checks. */
export interface ResolvedQdrantOptions {
  connection: QdrantConnection;
  requestTimeoutMs: number;
  /** Sent with every collection the adapter creates. */
  collectionParams: { shard_number: number; replication_factor: number; write_consistency_factor: number };
  ordering: QdrantWriteOrdering;
  consistency: QdrantReadConsistency | undefined;
  retry: Required<RetryOptions>;
  maxConnections: number | undefined;
  logger: Logger | undefined;
}

/** Applies the defaults and checks every option; CONFIG_INVALID names the first bad one. */
export function resolveQdrantOptions(options: QdrantVectorStoreOptions): ResolvedQdrantOptions {
  const connection = parseQdrantUrl(options.url, options.apiKey);
  const shards = positiveInteger(options.shardNumber ?? 1, 'shardNumber', invalidOption);
  const replicas = positiveInteger(options.replicationFactor ?? 1, 'replicationFactor', invalidOption);
  const writeConsistency = positiveInteger(
    options.writeConsistencyFactor ?? 1,
    'writeConsistencyFactor',
    invalidOption,
  );
  if (writeConsistency > replicas) {
    throw new AppError(
      'CONFIG_INVALID',
      'The Qdrant write consistency factor cannot exceed the replication factor.',
      { details: { writeConsistencyFactor: writeConsistency, replicationFactor: replicas } },
    );
  }
  const ordering = options.writeOrdering ?? DEFAULT_WRITE_ORDERING;
  if (!['weak', 'medium', 'strong'].includes(ordering)) {
    throw new AppError('CONFIG_INVALID', 'The Qdrant write ordering must be weak, medium or strong.');
  }
  const consistency = options.readConsistency;
  if (typeof consistency === 'number') positiveInteger(consistency, 'readConsistency', invalidOption);
  return {
    connection,
    requestTimeoutMs: positiveInteger(
      options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      'requestTimeoutMs',
      invalidOption,
    ),
    collectionParams: {
      shard_number: shards,
      replication_factor: replicas,
      write_consistency_factor: writeConsistency,
    },
    ordering,
    consistency,
    retry: { ...DEFAULT_RETRY, ...options.retry },
    maxConnections: options.maxConnections,
    logger: options.logger,
  };
}

/** A bad option is a configuration error that names the option. */
function invalidOption(message: string): AppError {
  const option = message.split(' ')[0];
  return new AppError('CONFIG_INVALID', `The Qdrant option ${message}.`, { details: { option } });
}
