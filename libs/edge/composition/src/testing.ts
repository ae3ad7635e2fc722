/** Test kit entry point (`@kioku/composition/testing`): the store an app uses, opened from a test. */
export { openAppStore } from './lib/testing/open-app-store';
