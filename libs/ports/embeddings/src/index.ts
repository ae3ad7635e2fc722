export * from './lib/embedding-provider.port';
export * from './lib/embeddings.tokens';
export * from './lib/embeddings.errors';
export * from './lib/request-batcher';
