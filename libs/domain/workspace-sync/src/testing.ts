/** Test kit entry point (`@kioku/workspace-sync/testing`): for specs of this library and of the edge. */
export * from './lib/testing/workspace-sync-test-kit';
