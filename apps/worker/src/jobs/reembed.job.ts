/**
 * `reembed` (behaviour §3, §8.3): re-embeds a namespace with the configured model. On demand only unless
 * KIOKU_WORKER_REEMBED_CRON is set. The use case is resumable — it saves its position after every
 * batch and then reports progress — so on shutdown the worker stops it from the progress callback,
 * between two batches, and the next run continues where this one stopped.
 */
import type { Logger } from '@kioku/kernel';
import type { WriteFence } from '@kioku/concurrency';
import type { Job, JobOutcome } from './job';

export interface ReembedProgress {
  phase: string;
  done: number;
  total: number;
}

/** The part of `ReembedUseCase` (`@kioku/memory`) this job uses. */
export interface Reembedder {
  execute(input: {
    namespace: string;
    batchSize?: number;
    onProgress?: (progress: ReembedProgress) => void;
    beforeWrite?: WriteFence;
  }): Promise<{
    status: string;
    reembedded: number;
    /** Records written per re-embedded collection (`memories`, `trash`). */
    reembeddedByCollection?: Partial<Record<string, number>>;
    total: number;
    removedStale?: number;
    fromModel: string;
    toModel: string;
    resumed: boolean;
  }>;
}

/** Thrown from the progress callback to stop the use case between batches. */
class StopBetweenBatches extends Error {
  override readonly name = 'StopBetweenBatches';
}

export class ReembedJob implements Job {
  readonly name = 'reembed';

  constructor(
    private readonly reembedder: Reembedder,
    private readonly batchSize: number | undefined,
    private readonly logger: Logger,
  ) {}

  async run(namespace: string, signal: AbortSignal, beforeWrite?: WriteFence): Promise<JobOutcome> {
    try {
      const result = await this.reembedder.execute({
        namespace,
        batchSize: this.batchSize,
        beforeWrite,
        onProgress: (progress) => {
          this.logger.debug('worker.reembed_progress', { namespace, ...progress });
          if (signal.aborted) throw new StopBetweenBatches();
        },
      });
      return {
        counts: {
          reembedded: result.reembedded,
          trashReembedded: result.reembeddedByCollection?.trash ?? 0,
          total: result.total,
          removedStale: result.removedStale ?? 0,
        },
        details: {
          status: result.status,
          fromModel: result.fromModel,
          toModel: result.toModel,
          resumed: result.resumed,
        },
      };
    } catch (error) {
      if (error instanceof StopBetweenBatches) return { counts: {}, interrupted: true };
      throw error;
    }
  }
}
