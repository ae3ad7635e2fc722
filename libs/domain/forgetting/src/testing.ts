/** Test kit entry point (`@kioku/forgetting/testing`): for specs of this and higher domain libraries only. */
export * from './lib/testing/forgetting-test-kit';
export * from './lib/testing/forgetting-setups';
