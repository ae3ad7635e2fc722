/**
 * What a started gateway's CPU a request was during a run (@kioku/processes reads it from /proc): its
 * event loop, where every request's JavaScript and SQLite calls run, and the whole process, the
 * embedding threads too. Latencies under load move from run to run with the machine; what a request
 * costs the gateway moves much less, so a before/after of the gateway's own work reads it here.
 */
import { processCpuTimes, type CpuTimes } from '@kioku/processes';

/** The gateway's CPU so far; undefined without a started gateway or where /proc cannot tell. */
export function gatewayCpuTimes(pid: number | undefined): CpuTimes | undefined {
  return pid === undefined ? undefined : processCpuTimes(pid);
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
