/** Test kit entry point (`@kioku/memory/testing`): for specs of this and higher libraries only. */
export * from './lib/testing/memory-test-kit';
export * from './lib/testing/memory-setups';
