/**
 * Per-caller state of the two-call confirmation (behaviour §4.5, design note 001). A caller's pending ids are the
 * ids of its last first call; a later call confirms those it repeats within the window, and every
 * pending id it does not repeat is dropped. Expired entries count as absent. Bounded: each caller
 * keeps only its last call's ids, and only the most recently active callers are kept.
 */
export interface PendingDeletion {
  memoryId: string;
  contentPreview: string;
  requestedAt: number;
  /** How many times this caller has asked for this id (grows on every call naming it). */
  requestCount: number;
}

export class PendingConfirmations<T extends { requestedAt: number }> {
  private readonly callers = new Map<string, Map<string, T>>();

  constructor(
    private readonly windowMs: number,
    private readonly maxCallers: number,
  ) {}

  /** The caller's pending entries that are still within the window. */
  active(callerId: string, now: number): Map<string, T> {
    const entries = this.callers.get(callerId);
    const active = new Map<string, T>();
    for (const [key, entry] of entries ?? []) {
      if (now - entry.requestedAt <= this.windowMs) active.set(key, entry);
    }
    return active;
  }

  /** Everything the caller had pending, expired or not (for request counts). */
  all(callerId: string): Map<string, T> {
    return new Map(this.callers.get(callerId) ?? []);
  }

  /** Replaces the caller's pending entries with these. */
  replace(callerId: string, entries: Map<string, T>): void {
    this.callers.delete(callerId);
    if (entries.size > 0) this.callers.set(callerId, entries);
    while (this.callers.size > this.maxCallers)
      this.callers.delete(this.callers.keys().next().value as string);
  }
}
