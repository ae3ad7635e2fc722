/** Test kit entry point (`@kioku/episodes/testing`): for specs of this and higher libraries only. */
export * from './lib/testing/episodes-test-kit';
