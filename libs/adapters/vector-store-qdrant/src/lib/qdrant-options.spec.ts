import { DEFAULT_RETRY } from './qdrant-retry.policy';
import { DEFAULT_REQUEST_TIMEOUT_MS, resolveQdrantOptions } from './qdrant-options';

describe('resolveQdrantOptions', () => {
  it('fills in the defaults for a bare URL', () => {
    const resolved = resolveQdrantOptions({ url: 'http://localhost:6333' });
    expect(resolved).toMatchObject({
      requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
      collectionParams: { shard_number: 1, replication_factor: 1, write_consistency_factor: 1 },
      ordering: 'medium',
      consistency: undefined,
      retry: DEFAULT_RETRY,
    });
    expect(resolved.connection.displayUrl).toBe('http://localhost:6333');
  });

  it('takes the configured settings as they are', () => {
    const resolved = resolveQdrantOptions({
      url: 'http://q:6333',
      apiKey: 'k',
      requestTimeoutMs: 5_000,
      shardNumber: 2,
      replicationFactor: 3,
      writeConsistencyFactor: 2,
      writeOrdering: 'strong',
      retry: { maxRetries: 0 },
    });
    expect(resolved).toMatchObject({
      requestTimeoutMs: 5_000,
      collectionParams: { shard_number: 2, replication_factor: 3, write_consistency_factor: 2 },
      ordering: 'strong',
      retry: { ...DEFAULT_RETRY, maxRetries: 0 },
    });
    expect(resolved.connection.headers['api-key']).toBe('k');
  });

  it('names the bad option in a CONFIG_INVALID error', () => {
    expect(() => resolveQdrantOptions({ url: 'http://q:6333', replicationFactor: 0 })).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        message: 'The Qdrant option replicationFactor must be a positive integer, got 0.',
        details: { option: 'replicationFactor' },
      }),
    );
  });
});
