/**
 * A check a long-running writer calls before each batch of writes. It resolves when the batch may go
 * ahead and throws when it must not (for a worker job: its lease on the job's lock was lost, so
 * another worker may be running the job now). Use cases take it as an option and call it before each
 * write step; callers that need no such check pass nothing.
 */
export type WriteFence = () => Promise<void>;

/** The fence of a caller that needs none. */
export const NO_FENCE: WriteFence = () => Promise.resolve();
