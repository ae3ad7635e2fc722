/**
 * The runs of one transport, as the options ask: a short warm-up, then a closed loop, one open loop
 * at `--rate`, or the open loops of `--find-rate` (every run kept in the report).
 */
import { nothingFailed, rateHolds, type LoadReport } from './load-report';
import { RateSearch } from './load-rate-search';
import type { LoadOptions, LoadTransport } from './load-options';
import type { TransportResult } from './load-run';

/** The unreported warm-up before every loop: this long, at this share of the embed rate (or the rate asked, if lower). */
export const WARM_UP_SECONDS = 5;
const WARM_UP_SHARE = 0.25;

/** How the loops reach the gateway: open loops at a rate, or the closed loop. */
export interface LoopRunners {
  transport: LoadTransport;
  /** `seconds` defaults to the run's `--duration`. */
  openLoop(ratePerSecond: number, seconds?: number): Promise<TransportResult>;
  closedLoop(): Promise<TransportResult>;
  progress(line: string): void;
}

export async function runLoops(
  runners: LoopRunners,
  options: Pick<LoadOptions, 'rate' | 'findRate'>,
  report: LoadReport,
): Promise<void> {
  const embedRate = report.embedPerSecond;
  const rate =
    options.rate &&
    ('perSecond' in options.rate ? options.rate.perSecond : options.rate.embedShare * embedRate);
  // A gateway's first seconds (its second embedding thread loading, code not yet optimised) are
  // not what an operator plans for: a short run at a low rate first, reported only if something failed.
  runners.progress(`${runners.transport}: warming up for ${WARM_UP_SECONDS} s`);
  const warmUp = await runners.openLoop(
    Math.min(rate ?? Infinity, WARM_UP_SHARE * embedRate),
    WARM_UP_SECONDS,
  );
  if (!nothingFailed(warmUp)) report.runs.push(warmUp);
  if (rate !== undefined) {
    report.runs.push(await runners.openLoop(rate));
  } else if (options.findRate) {
    report.foundRates ??= {};
    report.foundRates[runners.transport] = (await findRate(embedRate, runners, report.runs)) ?? null;
  } else {
    report.runs.push(await runners.closedLoop());
  }
}

/** Open loops from a quarter of the embed rate, doubling then bisecting (RateSearch); every run is kept. */
async function findRate(
  embedRate: number,
  runners: LoopRunners,
  runs: TransportResult[],
): Promise<number | undefined> {
  const search = new RateSearch(Math.max(1, 0.25 * embedRate));
  for (let rate = search.next(); rate !== undefined; rate = search.next()) {
    const run = await runners.openLoop(rate);
    runs.push(run);
    search.record(rate, rateHolds(run));
  }
  return search.found;
}
