/**
 * One lock file per job and namespace, `<dataDir>/worker-locks/<job>.<namespace>.lock`, taken with the
 * kernel's cross-process O_EXCL lock: it records the holder's pid and start time, and a lock whose
 * holder died (even by kill -9) is stale and taken over. A held lock is not waited for: the run is
 * skipped, never queued.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { acquireLock } from '@kioku/file-lock';
import type { JobName } from '../config';

export function jobLockPath(locksDir: string, job: JobName, namespace: string): string {
  // Job names and namespaces never contain a dot, so the file name is unambiguous.
  return join(locksDir, `${job}.${namespace}.lock`);
}

/** Takes the lock and returns its release function, or null when a live process holds it. */
export async function tryJobLock(path: string): Promise<(() => void) | null> {
  mkdirSync(join(path, '..'), { recursive: true });
  // One attempt (with the stale-lock takeover acquireLock performs), then stop instead of waiting.
  return acquireLock(path, { timeoutMs: 0, shouldStopWaiting: async () => true });
}

/** The pid recorded in a lock file, when it can be read. */
export function lockHolderPid(path: string): number | undefined {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as { pid?: unknown };
    return typeof owner.pid === 'number' ? owner.pid : undefined;
  } catch {
    return undefined;
  }
}
