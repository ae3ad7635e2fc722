/**
 * Turns on records, for a store whose write of a record takes several steps (the backend's write, then
 * the indexes kept beside it, or a read of the old keys before a backend that merges metadata): two
 * writes of one record never interleave their steps, so once they have returned the backend and every
 * index hold the same version. Every process that writes the store must take its turns from the same
 * place (for the Chroma backends, the index file on the machine).
 */
export interface RecordLocks {
  /**
   * Runs `work` while holding the turns of these records of the collection, taken all at once (so two
   * holders of overlapping sets never wait for each other in a circle), and gives them up however
   * `work` ends.
   */
  hold<T>(collection: string, ids: string[], work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
