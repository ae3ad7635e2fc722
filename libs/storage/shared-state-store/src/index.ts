/**
 * Public API of @kioku/shared-state-store: the SharedState implementations (in one process, or in the
 * vector store so that every process and replica sees one state) and the leased locks built on them.
 */
export { InProcessSharedState } from './lib/in-process-shared-state';
export { LeaseLostError, LeasedLocks } from './lib/leased-lock';
export { SHARED_STATE_COLLECTION, StoreSharedState } from './lib/store-shared-state';
