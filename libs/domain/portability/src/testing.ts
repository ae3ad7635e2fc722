/** Test kit entry point (`@kioku/portability/testing`): fixtures and helpers for specs of export and import. */
export * from './lib/testing/portability-test-kit';
