/**
 * What a worker job is: a name and one `run(namespace)`. A job maps its use case's result to an
 * outcome of counts, ids, per-id numbers and configuration values — never memory content, tags or
 * other text written by an agent (behaviour §8.3, §10). The report builder keeps only numbers and
 * id-shaped strings from it, as a second line of defence.
 */
import type { WriteFence } from '@kioku/concurrency';
import type { JobName } from '../config';

/** The caller id the worker's use-case calls carry (per-caller state never mixes with an agent's). */
export const WORKER_CALLER_ID = 'worker';

/** Facts about one record, keyed by name: numbers (risk, similarity) or other ids. */
export type IdEntry = { id: string } & Record<string, string | number>;

export interface JobOutcome {
  /** What the run did, as numbers. */
  counts: Record<string, number>;
  /** Ids the run touched or listed (dropped memories, fading memories, …). */
  ids?: Record<string, string[]>;
  /** Per-id facts: auto-forget samples with their reasons, merge-candidate pairs. */
  entries?: Record<string, IdEntry[]>;
  /** Enumerations and configuration values (mode, window, model ids, a use-case status): never agent text. */
  details?: Record<string, string | number | boolean>;
  /** True when a shutdown stopped the run between two of its steps; what was done stays done. */
  interrupted?: boolean;
}

export interface Job {
  readonly name: JobName;
  /**
   * Runs the job once for a namespace. A job with several steps checks `signal` between them and
   * returns early (with `interrupted: true`) when it is aborted; a step in progress always completes.
   * `beforeWrite` is awaited before each batch of writes: it throws when the job's lease was lost
   * (another worker may run the job now), so nothing more is written.
   */
  run(namespace: string, signal: AbortSignal, beforeWrite?: WriteFence): Promise<JobOutcome>;
}
