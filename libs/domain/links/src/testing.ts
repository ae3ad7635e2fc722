/** Test kit entry point (`@kioku/links/testing`): for specs of this and higher libraries only. */
export * from './lib/testing/links-test-kit';
