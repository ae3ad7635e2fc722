/** Reading a process's CPU from /proc (the CI runs on Linux). */
import { processCpuTimes } from './process-cpu';

describe('processCpuTimes', () => {
  it("reads this process's main thread and whole-process CPU, which grow with work on the main thread", () => {
    const before = processCpuTimes(process.pid)!;
    expect(before.mainMs).toBeGreaterThanOrEqual(0);
    expect(before.processMs).toBeGreaterThanOrEqual(before.mainMs);
    const until = performance.now() + 300;
    while (performance.now() < until); // busy on the main thread
    const after = processCpuTimes(process.pid)!;
    expect(after.mainMs).toBeGreaterThan(before.mainMs);
    expect(after.processMs - before.processMs).toBeGreaterThanOrEqual(after.mainMs - before.mainMs);
  });

  it('reads nothing of a process that is not there', () => {
    expect(processCpuTimes(2 ** 30)).toBeUndefined();
  });
});
