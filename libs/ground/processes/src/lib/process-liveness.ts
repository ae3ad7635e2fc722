/**
 * Whether another process is alive, and when it started (to tell a reused pid from the original), read
 * from the OS. Linux details come from /proc; elsewhere the functions degrade to `process.kill(pid, 0)`
 * and "unknown". Used by the cross-process file lock to recognise a lock left by a dead owner.
 */
import { procStatFields } from './proc-stat';

/** True when a process with this pid exists and is not a zombie. */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return procStat(pid)?.state !== 'Z';
}

/** The kernel's start time of the process (clock ticks since boot), or undefined when unknown. */
export function processStartTime(pid: number): string | undefined {
  return procStat(pid)?.startTime;
}

function procStat(pid: number): { state: string; startTime: string } | undefined {
  const fields = procStatFields(`/proc/${pid}/stat`);
  return fields && { state: fields[0], startTime: fields[19] };
}
