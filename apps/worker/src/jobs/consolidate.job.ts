/**
 * `consolidate` (behaviour §4.8): replay, co-activation, pruning, merge and fading candidates, episode
 * clean-up for one namespace. The use case returns the candidate memories themselves; the report keeps
 * their ids and similarities only. Re-running it is harmless: a replay strengthens a link once.
 */
import type { ConsolidateUseCase } from '@kioku/consolidation';
import type { WriteFence } from '@kioku/concurrency';
import { WORKER_CALLER_ID, type Job, type JobOutcome } from './job';

export class ConsolidateJob implements Job {
  readonly name = 'consolidate';

  constructor(
    private readonly consolidate: ConsolidateUseCase,
    private readonly windowHours: number,
  ) {}

  async run(namespace: string, _signal: AbortSignal, beforeWrite?: WriteFence): Promise<JobOutcome> {
    const result = await this.consolidate.execute(
      { windowHours: this.windowHours },
      { namespace, callerId: WORKER_CALLER_ID },
      { beforeWrite },
    );
    return {
      counts: {
        replayed: result.replayed,
        coactivations: result.coactivations,
        linksCreated: result.linksCreated,
        linksStrengthened: result.linksStrengthened,
        linksPruned: result.linksPruned,
        refreshed: result.refreshed,
        mergeCandidates: result.mergeCandidates.length,
        fading: result.fading.length,
        episodeIdsDropped: result.episodeIdsDropped,
      },
      entries: {
        mergeCandidates: result.mergeCandidates.map((pair) => ({
          id: pair.a.id,
          otherId: pair.b.id,
          similarity: Math.round(pair.similarity * 100) / 100,
        })),
      },
      ids: { fading: result.fading.map((memory) => memory.id) },
      details: { windowHours: result.windowHours },
    };
  }
}
