/** Test kit entry point (`@kioku/portability/testing`): fixtures for specs of export and import. */
export * from './lib/testing/namespace-fixtures';
