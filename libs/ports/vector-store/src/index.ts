export * from './lib/filter';
export * from './lib/vector-store.port';
export * from './lib/vector-store.errors';
export * from './lib/vector-store.tokens';
export * from './lib/cosine';
export * from './lib/record-validation';
