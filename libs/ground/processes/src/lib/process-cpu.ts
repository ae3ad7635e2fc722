/**
 * The CPU a process has spent so far, read from Linux's /proc: its main thread (a Node process's event
 * loop) and the whole process (its worker threads too). Undefined elsewhere, or once the process is gone.
 */
import { procStatFields } from './proc-stat';

/** Linux counts CPU time in ticks of 1/100 s (USER_HZ is 100 on every architecture kioku runs on). */
const MS_PER_TICK = 10;

export interface CpuTimes {
  mainMs: number;
  processMs: number;
}

export function processCpuTimes(pid: number): CpuTimes | undefined {
  const main = procStatFields(`/proc/${pid}/task/${pid}/stat`);
  const all = procStatFields(`/proc/${pid}/stat`);
  return main && all ? { mainMs: cpuMs(main), processMs: cpuMs(all) } : undefined;
}

/** utime + stime (the line's 14th and 15th fields). */
function cpuMs(fields: string[]): number {
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}
