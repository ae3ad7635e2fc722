/** Public API of @kioku/shared-state: the port and its token. */
export { type SharedState, type StateEntry } from './lib/shared-state.port';
export { SHARED_STATE_TOKENS } from './lib/shared-state.tokens';
