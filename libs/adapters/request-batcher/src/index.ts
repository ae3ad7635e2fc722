/** Public API of @kioku/request-batcher: concurrent embedding requests coalesced into bounded batches. */
export {
  type BatchPriority,
  type BatchRunner,
  RequestBatcher,
  type RequestBatcherOptions,
} from './lib/request-batcher';
