/**
 * Measures one consolidation (issue: its cost per memory in the window): a window sized to hold
 * about `targetWindow` memories of the seeded namespace, run once as a dry run (reads only) and
 * once for real, with the store and embedder calls it made.
 */
import type { Container } from 'inversify';
import { ConsolidateUseCase } from '@kioku/consolidation';
import type { OperationTotal } from './lib/operation-profiler';
import type { BenchContext } from './bench-context';

export interface ConsolidationMeasurement {
  windowHours: number;
  windowMemories: number;
  dryRunMs: number;
  runMs: number;
  linksCreated: number;
  mergeCandidates: number;
  profile: OperationTotal[];
}

const SEEDED_AGE_DAYS = 365;

export async function measureConsolidation(
  context: BenchContext,
  container: Container,
  namespace: string,
  size: number,
  targetWindow: number,
): Promise<ConsolidationMeasurement> {
  // Seeded memories are spread evenly over the last year.
  const windowHours = Math.max(1, (SEEDED_AGE_DAYS * 24 * Math.min(targetWindow, size)) / size);
  const consolidate = container.get(ConsolidateUseCase);
  const call = { namespace, callerId: 'bench' };
  context.progress(`consolidating ${namespace} over ${windowHours.toFixed(0)} h`);
  let started = performance.now();
  await consolidate.execute({ windowHours, dryRun: true }, call);
  const dryRunMs = performance.now() - started;
  context.profiler.start();
  started = performance.now();
  const result = await consolidate.execute({ windowHours }, call);
  const runMs = performance.now() - started;
  const profile = context.profiler.stop();
  return {
    windowHours,
    windowMemories: result.replayed,
    dryRunMs,
    runMs,
    linksCreated: result.linksCreated,
    mergeCandidates: result.mergeCandidates.length,
    profile,
  };
}
