/** Public API of @kioku/concurrency: calls that arrive together (group commit, turns per key) and write fences. */
export { GroupCommit } from './lib/group-commit';
export { type Turn, TurnsByKey } from './lib/turns-by-key';
export { NO_FENCE, type WriteFence } from './lib/write-fence';
