/**
 * The CPU a started gateway spends, read from Linux's /proc: its main thread (the event loop, where
 * every request's JavaScript and SQLite calls run) and the whole process (the embedding threads too).
 * Latencies under load move from run to run with the machine; what a request costs the gateway moves
 * much less, so a before/after of the gateway's own work reads it here. Elsewhere nothing is read.
 */
import { readFileSync } from 'node:fs';

/** Linux counts CPU time in ticks of 1/100 s (USER_HZ is 100 on every architecture kioku runs on). */
const MS_PER_TICK = 10;

export interface CpuTimes {
  mainMs: number;
  processMs: number;
}

/** The process's CPU so far, or undefined where /proc cannot tell (not Linux, the process gone). */
export function cpuTimes(pid: number): CpuTimes | undefined {
  try {
    return {
      mainMs: ticksOf(`/proc/${pid}/task/${pid}/stat`) * MS_PER_TICK,
      processMs: ticksOf(`/proc/${pid}/stat`) * MS_PER_TICK,
    };
  } catch {
    return undefined;
  }
}

/** CPU ms a request between two readings; undefined without both. */
export function cpuPerRequest(
  before: CpuTimes | undefined,
  after: CpuTimes | undefined,
  requests: number,
): { eventLoopMs: number; processMs: number } | undefined {
  if (!before || !after || requests === 0) return undefined;
  return {
    eventLoopMs: (after.mainMs - before.mainMs) / requests,
    processMs: (after.processMs - before.processMs) / requests,
  };
}

/** utime + stime of a stat file, in ticks (the fields after the command name, which may hold spaces). */
function ticksOf(file: string): number {
  const stat = readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}
