/**
 * `auto-forget` (behaviour §7): scans a namespace with the auto-forget policy. In `report` mode it only
 * reports (nothing is deleted). In `execute` mode it then drops exactly the ids that scan listed —
 * `AutoForgetSweep.drop` re-checks each one and keeps any accessed, pinned or protected since — in
 * small batches, so a shutdown can stop it between two batches. Dropped memories go to the trash
 * (reason `auto_forget`) and stay restorable until the trash is purged.
 */
import { type Clock } from '@kioku/kernel';
import { NO_FENCE, type WriteFence } from '@kioku/concurrency';
import type { AutoForgetSweep, SweepSample } from '@kioku/forgetting';
import type { AutoForgetMode } from '../config';
import type { IdEntry, Job, JobOutcome } from './job';

/** Ids dropped per `drop` call: the granularity at which a shutdown can interrupt an execute run. */
export const DROP_BATCH_SIZE = 50;

export class AutoForgetJob implements Job {
  readonly name = 'auto-forget';

  constructor(
    private readonly sweep: AutoForgetSweep,
    private readonly mode: AutoForgetMode,
    private readonly clock: Clock,
  ) {}

  async run(namespace: string, signal: AbortSignal, beforeWrite: WriteFence = NO_FENCE): Promise<JobOutcome> {
    const now = this.clock.now();
    const scan = await this.sweep.scan(namespace, now);
    const outcome: JobOutcome = {
      counts: {
        scanned: scan.scanned,
        toDrop: scan.toDrop,
        toCompress: scan.toCompress,
        protected: scan.protected,
      },
      entries: {
        samplesToDrop: scan.samplesToDrop.map(entry),
        samplesToCompress: scan.samplesToCompress.map(entry),
      },
      details: { mode: this.mode },
    };
    if (this.mode === 'report') return outcome;

    const dropped: string[] = [];
    const kept: string[] = [];
    let attempted = 0;
    for (let i = 0; i < scan.dropIds.length; i += DROP_BATCH_SIZE) {
      if (signal.aborted) {
        outcome.interrupted = true;
        break;
      }
      const batch = scan.dropIds.slice(i, i + DROP_BATCH_SIZE);
      await beforeWrite();
      // The scan's instant: drop what the policy said at scan time, re-checked against current state.
      const result = await this.sweep.drop(namespace, batch, now);
      dropped.push(...result.dropped);
      kept.push(...result.kept);
      attempted += batch.length;
    }
    outcome.counts = {
      ...outcome.counts,
      dropped: dropped.length,
      kept: kept.length,
      notAttempted: scan.dropIds.length - attempted,
    };
    outcome.ids = { dropped, kept };
    return outcome;
  }
}

function entry(sample: SweepSample): IdEntry {
  return { id: sample.id, risk: sample.risk, heat: sample.heat, days: sample.days };
}
