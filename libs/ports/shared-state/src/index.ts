/** Public API of @kioku/shared-state: what other projects use; everything else is internal. */
export { InProcessSharedState } from './lib/in-process-shared-state';
export { LeaseLostError, LeasedLocks } from './lib/leased-lock';
export { type SharedState, type StateEntry } from './lib/shared-state.port';
export { SHARED_STATE_TOKENS } from './lib/shared-state.tokens';
export { SHARED_STATE_COLLECTION, StoreSharedState } from './lib/store-shared-state';
