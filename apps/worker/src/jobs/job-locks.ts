/**
 * What the job runner needs from a lock per job and namespace: take it without waiting, learn who
 * holds it when it is taken, stop when it is lost, and check it before each write batch. Two kinds:
 * leases on the store (several workers on several machines, see leased-job-locks.ts) and lock files
 * (one machine, see file-job-locks.ts).
 */
import type { WriteFence } from '@kioku/concurrency';
import type { JobName } from '../config';

/** Who holds a lock, as far as its kind can tell. Never secret: it goes into reports. */
export interface LockHolderInfo {
  /** A lease holder's id (`host/pid/random`). */
  holder?: string;
  /** A lease's epoch: the fencing token, higher with every acquisition. */
  epoch?: number;
  /** A lock file's owner pid. */
  pid?: number;
}

export interface HeldJobLock {
  readonly info: LockHolderInfo;
  /** Aborted when the lock is lost (a lease that ran out or was taken over); never for a lock file. */
  readonly lost: AbortSignal;
  /** Throws when the lock is no longer held; called before each write batch. */
  readonly beforeWrite: WriteFence;
  /** Frees the lock for the next run; safe to call twice. */
  release(): Promise<void>;
}

export type TakeJobLockResult = { taken: true; lock: HeldJobLock } | { taken: false; heldBy: LockHolderInfo };

export interface JobLocks {
  /** Takes the job's lock for the namespace if it is free; never waits. */
  take(job: JobName, namespace: string): Promise<TakeJobLockResult>;
}
