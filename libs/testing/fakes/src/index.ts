/** Public API of @kioku/testing-fakes: what other projects use; everything else is internal. */
export { CapturingLogSink } from './lib/capturing-log-sink';
export { DeterministicEmbeddingProvider } from './lib/deterministic-embedding-provider';
export { FixedClock } from './lib/fixed-clock';
export { listTree, removeDirectory, temporaryDirectory } from './lib/temporary-files';
export { bindTestPlatform } from './lib/test-platform';
