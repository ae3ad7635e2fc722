import { cpuPerRequest, gatewayCpuTimes } from './gateway-cpu';

describe('cpuPerRequest', () => {
  it('divides what the run spent by its requests, and says nothing without both readings', () => {
    const before = { mainMs: 1_000, processMs: 3_000 };
    const after = { mainMs: 9_000, processMs: 27_000 };
    expect(cpuPerRequest(before, after, 1_000)).toEqual({ eventLoopMs: 8, processMs: 24 });
    expect(cpuPerRequest(undefined, after, 1_000)).toBeUndefined();
    expect(cpuPerRequest(before, undefined, 1_000)).toBeUndefined();
    expect(cpuPerRequest(before, after, 0)).toBeUndefined();
  });

  it('reads no gateway the bench did not start', () => {
    expect(gatewayCpuTimes(undefined)).toBeUndefined();
    expect(gatewayCpuTimes(process.pid)?.mainMs).toBeGreaterThanOrEqual(0);
  });
});
