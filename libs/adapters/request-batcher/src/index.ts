/** Public API of @kioku/request-batcher: concurrent embedding requests coalesced into bounded batches. */
export { type BatchPriority, RequestBatcher } from './lib/request-batcher';
