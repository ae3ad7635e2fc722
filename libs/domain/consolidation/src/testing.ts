/** Test kit entry point (`@kioku/consolidation/testing`): for specs of this library and of the edge. */
export * from './lib/testing/consolidation-test-kit';
