/**
 * The integrity check (behaviour §4.6, §8.3): repairs what a crash or a race left behind, and reports
 * what it fixed. It finishes interrupted deletions and restores (told apart by the trash entry's
 * `restoring` flag), merges the per-direction link records of older stores into pair records, removes
 * links with a missing end, gives a memory without any link the auto-links remember would have
 * written (a remember killed between storing memories and writing their links leaves them unlinked),
 * drops ids of deleted memories from episodes, rewrites memories whose tag keys differ from their tags
 * (writes that raced on a store that merges metadata left them), and brings the indexes beside the
 * store — key entries, read copies, the lexical index — in line with the records (a crash between a
 * store write and its index write leaves them apart). Reads page by page and collects the
 * repairs before writing, so writing never shifts the pages being read.
 */
import { inject, injectable } from 'inversify';
import { chunked, KERNEL_TOKENS, type Logger } from '@kioku/kernel';
import { NO_FENCE, type WriteFence } from '@kioku/concurrency';
import { EpisodeMaintenance } from '@kioku/episodes';
import { LinkRepository, type Link } from '@kioku/links';
import {
  MEMORY_TOKENS,
  MemoryRepository,
  VerifiedLinkWriter,
  type Memory,
  type MemorySettings,
} from '@kioku/memory';
import { where } from '@kioku/vector-store';
import { TrashRepository } from '../trash.repository';
import { missingAutoLinks, threadRanks } from './missing-auto-links';

const PAGE_SIZE = 500;

export interface IntegrityReport {
  linksChecked: number;
  danglingLinksRemoved: number;
  /** Per-direction link records of an older kioku merged into pair records. */
  legacyLinkRecordsMerged: number;
  interruptedDeletionsCompleted: number;
  interruptedRestoresCompleted: number;
  episodeIdsDropped: number;
  /** Links the store's key index lacked (`CollectionSpec.indexedKeys`), now indexed. */
  linkIndexEntriesAdded: number;
  /** Key index entries whose link was gone, now removed. */
  linkIndexEntriesRemoved: number;
  /** Memories whose tag keys (what recall's tag filters read) differed from their tags, now rewritten. */
  tagKeysRebuilt: number;
  /** Memories whose lexical entry or read copy was missing or differed from them, now written again. */
  lexicalEntriesAdded: number;
  /** Lexical index entries whose memory was gone, now removed. */
  lexicalEntriesRemoved: number;
  /** Memories without any link that got the auto-links remember would have written. */
  memoriesRelinked: number;
  autoLinksRestored: number;
}

@injectable()
export class RepairIntegrityUseCase {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(LinkRepository) private readonly links: LinkRepository,
    @inject(VerifiedLinkWriter) private readonly linkWriter: VerifiedLinkWriter,
    @inject(TrashRepository) private readonly trash: TrashRepository,
    @inject(EpisodeMaintenance) private readonly episodes: EpisodeMaintenance,
    @inject(MEMORY_TOKENS.Settings) private readonly settings: MemorySettings,
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
      linkIndexEntriesAdded: 0,
      linkIndexEntriesRemoved: 0,
      tagKeysRebuilt: 0,
      lexicalEntriesAdded: 0,
      lexicalEntriesRemoved: 0,
      memoriesRelinked: 0,
      autoLinksRestored: 0,
    };
    await beforeWrite();
    const linkIndex = await this.links.repairIndex(namespace);
    report.linkIndexEntriesAdded = linkIndex.indexed;
    report.linkIndexEntriesRemoved = linkIndex.removed;
    await this.finishInterruptedTrashOperations(namespace, report, beforeWrite);
    const linked = await this.repairLinks(namespace, report, beforeWrite);
    await this.relinkUnlinked(namespace, linked, report, beforeWrite);
    await beforeWrite();
    report.episodeIdsDropped = await this.episodes.dropMissingMemories(namespace);
    await beforeWrite();
    report.tagKeysRebuilt = await this.memories.rewriteStaleTagKeys(namespace, PAGE_SIZE);
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

  /** Removes links with a missing end; returns the ids of the memories that keep a link. */
  private async repairLinks(
    namespace: string,
    report: IntegrityReport,
    beforeWrite: WriteFence,
  ): Promise<Set<string>> {
    await beforeWrite();
    report.legacyLinkRecordsMerged = await this.links.mergeLegacyHalves(namespace);
    const dangling: Link[] = [];
    const linked = new Set<string>();
    for await (const page of this.links.pairs(namespace, PAGE_SIZE)) {
      report.linksChecked += page.length;
      const ends = [...new Set(page.flatMap((l) => [l.sourceId, l.targetId]))];
      const alive = new Set(await this.memories.existingIds(namespace, ends));
      for (const link of page) {
        if (alive.has(link.sourceId) && alive.has(link.targetId))
          linked.add(link.sourceId).add(link.targetId);
        else dangling.push(link);
      }
    }
    await beforeWrite();
    await this.links.removeBoth(namespace, dangling);
    report.danglingLinksRemoved = dangling.length;
    return linked;
  }

  /**
   * Gives each memory without any link the auto-links remember would have written, from its nearest
   * memories stored before it (see missing-auto-links.ts). One nearest query per memory without a
   * link; most find nothing close enough, and nothing is written for them.
   */
  private async relinkUnlinked(
    namespace: string,
    linked: Set<string>,
    report: IntegrityReport,
    beforeWrite: WriteFence,
  ): Promise<void> {
    const threads: Pick<Memory, 'id' | 'createdAt' | 'precedingId'>[] = [];
    const sameInstant = new Map<string, number>();
    const unlinked: string[] = [];
    for await (const page of this.memories.pages(namespace, PAGE_SIZE)) {
      for (const { id, createdAt, precedingId } of page) {
        threads.push({ id, createdAt, precedingId });
        sameInstant.set(createdAt, (sameInstant.get(createdAt) ?? 0) + 1);
        if (!linked.has(id)) unlinked.push(id);
      }
    }
    const rankOf = threadRanks(threads);
    for (const ids of chunked(unlinked, PAGE_SIZE)) {
      for (const { memory, vector } of await this.memories.get(namespace, ids, true)) {
        // Memories created later in time are left out by the query; those of the same instant after it, here.
        const limit = this.settings.maxAutoLinks + 1 + (sameInstant.get(memory.createdAt) ?? 1);
        const before = where.lte('createdAtMs', Date.parse(memory.createdAt));
        const nearest = await this.memories.nearest(namespace, vector, limit, before);
        const links = missingAutoLinks(memory, nearest, rankOf, this.settings);
        if (links.length === 0) continue;
        await beforeWrite();
        const kept = await this.linkWriter.save(namespace, links);
        report.memoriesRelinked++;
        report.autoLinksRestored += kept.length;
      }
    }
  }
}
