/**
 * The two-call confirmation as data (behaviour §4.5, design note 001). A caller's pending ids are the ids of its
 * last first call; a later call confirms those it repeats within the window, and every pending id it
 * does not repeat is dropped. An entry older than the window counts as absent for confirming, but
 * still counts for `requestCount`. Only ids and times are kept, never content.
 */
export interface PendingDeletion {
  memoryId: string;
  contentPreview: string;
  requestedAt: number;
  /** How many times this caller has asked for this id (grows on every call naming it). */
  requestCount: number;
}

/** What a caller's pending deletion keeps between its calls (the preview is made again from the memory). */
export type PendingDeletionRecord = Omit<PendingDeletion, 'contentPreview'>;

/** A sweep dry run that the same caller may execute within the window. */
export interface PendingSweep {
  requestedAt: number;
  dropIds: string[];
}

/** Whether an entry requested at `requestedAt` can still be confirmed at `now`. */
export function withinWindow(requestedAt: number, now: number, windowMs: number): boolean {
  return now - requestedAt <= windowMs;
}

/** The confirmation window in words, as texts say it: `5 minutes`, `90 seconds`. */
export function windowInWords(windowMs: number): string {
  const seconds = Math.round(windowMs / 1000);
  if (seconds % 60 !== 0) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = seconds / 60;
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
