/**
 * The integrity check (behaviour §4.6, §8.3): repairs what a crash or a race left behind, and reports
 * what it fixed. It finishes interrupted deletions and restores (told apart by the trash entry's
 * `restoring` flag), merges the per-direction link records of older stores into pair records, removes
 * links with a missing end, drops ids of deleted memories from episodes, and brings the lexical index in line with the
 * memories (a crash between a store write and its index write leaves them apart). Reads page by page and collects the
 * repairs before writing, so writing never shifts the pages being read.
 */
import { inject, injectable } from 'inversify';
import { KERNEL_TOKENS, NO_FENCE, type Logger, type WriteFence } from '@kioku/kernel';
import { EpisodeMaintenance } from '@kioku/episodes';
import { LinkRepository, type Link } from '@kioku/links';
import { MemoryRepository, VerifiedLinkWriter } from '@kioku/memory';
import { TrashRepository } from '../trash.repository';

const PAGE_SIZE = 500;

export interface IntegrityReport {
  linksChecked: number;
  danglingLinksRemoved: number;
  /** Per-direction link records of an older kioku merged into pair records. */
  legacyLinkRecordsMerged: number;
  interruptedDeletionsCompleted: number;
  interruptedRestoresCompleted: number;
  episodeIdsDropped: number;
  /** Memories the lexical index lacked, now indexed. */
  lexicalEntriesAdded: number;
  /** Lexical index entries whose memory was gone, now removed. */
  lexicalEntriesRemoved: number;
}

@injectable()
export class RepairIntegrityUseCase {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(LinkRepository) private readonly links: LinkRepository,
    @inject(VerifiedLinkWriter) private readonly linkWriter: VerifiedLinkWriter,
    @inject(TrashRepository) private readonly trash: TrashRepository,
    @inject(EpisodeMaintenance) private readonly episodes: EpisodeMaintenance,
    @inject(KERNEL_TOKENS.Logger) private readonly logger: Logger,
  ) {}

  /** `beforeWrite` is called before each repair is written (the worker's lease check; see WriteFence). */
  async execute(
    namespace: string,
    { beforeWrite = NO_FENCE }: { beforeWrite?: WriteFence } = {},
  ): Promise<IntegrityReport> {
    const report: IntegrityReport = {
      linksChecked: 0,
      danglingLinksRemoved: 0,
      legacyLinkRecordsMerged: 0,
      interruptedDeletionsCompleted: 0,
      interruptedRestoresCompleted: 0,
      episodeIdsDropped: 0,
      lexicalEntriesAdded: 0,
      lexicalEntriesRemoved: 0,
    };
    await this.finishInterruptedTrashOperations(namespace, report, beforeWrite);
    await this.repairLinks(namespace, report, beforeWrite);
    await beforeWrite();
    report.episodeIdsDropped = await this.episodes.dropMissingMemories(namespace);
    await beforeWrite();
    const lexical = await this.memories.reindexText(namespace, 'repair');
    report.lexicalEntriesAdded = lexical.indexed;
    report.lexicalEntriesRemoved = lexical.removed;
    this.logger.info('integrity.repaired', { namespace, ...report });
    return report;
  }

  private async finishInterruptedTrashOperations(
    namespace: string,
    report: IntegrityReport,
    beforeWrite: WriteFence,
  ): Promise<void> {
    const unfinished: { id: string; restoring: boolean; links: Link[] }[] = [];
    let batch: { id: string; restoring: boolean; links: Link[] }[] = [];
    const flush = async () => {
      const alive = new Set(
        (
          await this.memories.get(
            namespace,
            batch.map((e) => e.id),
          )
        ).map((s) => s.memory.id),
      );
      unfinished.push(...batch.filter((e) => alive.has(e.id)));
      batch = [];
    };
    for await (const entry of this.trash.all(namespace)) {
      batch.push({ id: entry.memory.id, restoring: entry.restoring, links: entry.links });
      if (batch.length >= PAGE_SIZE) await flush();
    }
    await flush();
    for (const entry of unfinished) {
      await beforeWrite();
      if (entry.restoring) {
        await this.linkWriter.save(namespace, entry.links);
        await this.trash.delete(namespace, [entry.id]);
        report.interruptedRestoresCompleted++;
      } else {
        await this.links.removeAllFor(namespace, entry.id);
        await this.memories.delete(namespace, [entry.id]);
        await this.links.removeAllFor(namespace, entry.id);
        report.interruptedDeletionsCompleted++;
      }
    }
  }

  private async repairLinks(
    namespace: string,
    report: IntegrityReport,
    beforeWrite: WriteFence,
  ): Promise<void> {
    await beforeWrite();
    report.legacyLinkRecordsMerged = await this.links.mergeLegacyHalves(namespace);
    const dangling: Link[] = [];
    for await (const page of this.links.pairs(namespace, PAGE_SIZE)) {
      report.linksChecked += page.length;
      const ends = [...new Set(page.flatMap((l) => [l.sourceId, l.targetId]))];
      const alive = new Set(await this.memories.existingIds(namespace, ends));
      dangling.push(...page.filter((l) => !alive.has(l.sourceId) || !alive.has(l.targetId)));
    }
    await beforeWrite();
    await this.links.removeBoth(namespace, dangling);
    report.danglingLinksRemoved = dangling.length;
  }
}
