/** Reading a process's CPU from /proc (the CI runs on Linux), and its share a request. */
import { cpuPerRequest, cpuTimes } from './gateway-cpu';

describe('cpuTimes', () => {
  it("reads this process's main thread and whole-process CPU, which grow with work on the main thread", () => {
    const before = cpuTimes(process.pid)!;
    expect(before.mainMs).toBeGreaterThanOrEqual(0);
    expect(before.processMs).toBeGreaterThanOrEqual(before.mainMs);
    const until = performance.now() + 300;
    while (performance.now() < until); // busy on the main thread
    const after = cpuTimes(process.pid)!;
    expect(after.mainMs).toBeGreaterThan(before.mainMs);
    expect(after.processMs - before.processMs).toBeGreaterThanOrEqual(after.mainMs - before.mainMs);
  });

  it('reads nothing of a process that is not there', () => {
    expect(cpuTimes(2 ** 30)).toBeUndefined();
  });
});

describe('cpuPerRequest', () => {
  it('divides what the run spent by its requests, and says nothing without both readings', () => {
    const before = { mainMs: 1_000, processMs: 3_000 };
    const after = { mainMs: 9_000, processMs: 27_000 };
    expect(cpuPerRequest(before, after, 1_000)).toEqual({ eventLoopMs: 8, processMs: 24 });
    expect(cpuPerRequest(undefined, after, 1_000)).toBeUndefined();
    expect(cpuPerRequest(before, undefined, 1_000)).toBeUndefined();
    expect(cpuPerRequest(before, after, 0)).toBeUndefined();
  });
});
