/**
 * Expired entries keep their key for a day before they are purged: a key is never created twice while
 * a caller could still race for it (every window and lease is far shorter than that).
 */
export const PURGE_GRACE_MS = 24 * 3_600_000;

/** How often one process purges the store's expired entries. */
export const PURGE_INTERVAL_MS = 10 * 60_000;
