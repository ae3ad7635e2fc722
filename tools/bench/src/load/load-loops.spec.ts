import { runLoops, WARM_UP_SECONDS, type LoopRunners } from './load-loops';
import type { LoadOptions } from './load-options';
import type { TransportResult } from './load-run';
import { loadReport, transportResult } from './testing/load-results';

/** Runners that record each loop asked for and answer with a result (recall p95 by rate, if given). */
function recordingRunners(recallP95At: (rate: number) => number = () => 100) {
  const calls: string[] = [];
  const runners: LoopRunners = {
    transport: 'rest',
    openLoop: async (rate, seconds) => {
      calls.push(`open ${rate}/s${seconds === undefined ? '' : ` for ${seconds} s`}`);
      const result = transportResult({ offeredRate: rate });
      result.latency.recall.p95 = recallP95At(rate);
      return result;
    },
    closedLoop: async () => {
      calls.push('closed');
      return transportResult();
    },
    progress: () => undefined,
  };
  return { runners, calls };
}

const closed: Pick<LoadOptions, 'rate' | 'findRate'> = { findRate: false };

describe('the loops of one transport', () => {
  it('warms the gateway up at a quarter of the embed rate before the closed loop, unreported', async () => {
    const { runners, calls } = recordingRunners();
    const report = loadReport({ embedPerSecond: 100 });
    await runLoops(runners, closed, report);
    expect(calls).toEqual([`open 25/s for ${WARM_UP_SECONDS} s`, 'closed']);
    expect(report.runs).toHaveLength(1);
  });

  it('warms up at the rate asked when it is lower, then runs the open loop at it', async () => {
    const { runners, calls } = recordingRunners();
    const report = loadReport({ embedPerSecond: 100 });
    await runLoops(runners, { findRate: false, rate: { perSecond: 10 } }, report);
    expect(calls).toEqual([`open 10/s for ${WARM_UP_SECONDS} s`, 'open 10/s']);
    await runLoops(runners, { findRate: false, rate: { embedShare: 0.6 } }, report);
    expect(calls.slice(2)).toEqual([`open 25/s for ${WARM_UP_SECONDS} s`, 'open 60/s']);
  });

  it('reports a warm-up in which something failed', async () => {
    const { runners } = recordingRunners();
    const failing: LoopRunners = {
      ...runners,
      openLoop: async () => transportResult({ errors: 1, firstErrors: ['BUSY'] }),
    };
    const report = loadReport();
    await runLoops(failing, closed, report);
    expect(report.runs.map((r: TransportResult) => r.errors)).toEqual([1, 0]);
  });

  it('searches for the highest rate whose recall p95 holds, keeping every run', async () => {
    const { runners, calls } = recordingRunners((rate) => (rate <= 70 ? 200 : 400));
    const report = loadReport({ embedPerSecond: 100 });
    await runLoops(runners, { findRate: true }, report);
    expect(calls[0]).toBe(`open 25/s for ${WARM_UP_SECONDS} s`);
    expect(report.runs).toHaveLength(calls.length - 1);
    expect(report.foundRates?.rest).toBeLessThanOrEqual(70);
    expect(report.foundRates?.rest).toBeGreaterThan(70 / 1.1);
  });
});
