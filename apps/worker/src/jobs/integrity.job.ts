/**
 * `integrity` (behaviour §4.6, §8.3): finishes interrupted deletions and restores, merges link records
 * of older stores into pair records, removes dangling links, drops dead ids from episodes, rewrites stale tag keys,
 * repairs the drift of the indexes beside the store — and
 * reports what it fixed.
 */
import type { RepairIntegrityUseCase } from '@kioku/forgetting';
import type { WriteFence } from '@kioku/concurrency';
import type { Job, JobOutcome } from './job';

export class IntegrityJob implements Job {
  readonly name = 'integrity';

  constructor(private readonly repairIntegrity: RepairIntegrityUseCase) {}

  async run(namespace: string, _signal: AbortSignal, beforeWrite?: WriteFence): Promise<JobOutcome> {
    const report = await this.repairIntegrity.execute(namespace, { beforeWrite });
    return {
      counts: {
        linksChecked: report.linksChecked,
        danglingLinksRemoved: report.danglingLinksRemoved,
        legacyLinkRecordsMerged: report.legacyLinkRecordsMerged,
        interruptedDeletionsCompleted: report.interruptedDeletionsCompleted,
        interruptedRestoresCompleted: report.interruptedRestoresCompleted,
        episodeIdsDropped: report.episodeIdsDropped,
        linkIndexEntriesAdded: report.linkIndexEntriesAdded,
        linkIndexEntriesRemoved: report.linkIndexEntriesRemoved,
        tagKeysRebuilt: report.tagKeysRebuilt,
        lexicalEntriesAdded: report.lexicalEntriesAdded,
        lexicalEntriesRemoved: report.lexicalEntriesRemoved,
        memoriesRelinked: report.memoriesRelinked,
        autoLinksRestored: report.autoLinksRestored,
      },
    };
  }
}
