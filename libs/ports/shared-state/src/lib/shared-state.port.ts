/**
 * State that a second call must find whichever process serves it: confirmations, delete tokens,
 * dry-run windows, job leases. Several gateway replicas and workers share it through the store they
 * already use, so a deployment needs no extra service.
 *
 * Keys are created once: an entry's expiry hides it from `get` but does not free its key, so callers
 * build keys that are unique in time (a token digest, a request time, a lease epoch).
 */
export interface StateEntry {
  key: string;
  /** Opaque to the store (callers keep JSON here). */
  value: string;
  /** Epoch milliseconds after which the entry counts as absent. */
  expiresAt: number;
  /** Entries of one group can be listed together (for example every epoch of one lease). */
  group?: string;
}

export interface SharedState {
  /**
   * Creates the entry if its key was never created (or has been purged). Of concurrent calls for one
   * key, from any process, exactly one gets `true`; the others get `false` and change nothing.
   */
  create(entry: StateEntry): Promise<boolean>;

  /** Writes the entry whatever was stored under its key (the last write wins). */
  put(entry: StateEntry): Promise<void>;

  /** The entry, or null when it is absent or expired. */
  get(key: string): Promise<StateEntry | null>;

  /** Every entry of the group, expired ones included (they still hold their keys), in no set order. */
  list(group: string): Promise<StateEntry[]>;

  /** Removes entries by key; missing keys are ignored. */
  delete(keys: string[]): Promise<void>;
}
