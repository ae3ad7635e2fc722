export * from './lib/deterministic-embedding-provider';
export * from './lib/fixed-clock';
export * from './lib/capturing-log-sink';
export * from './lib/test-platform';
