/**
 * consolidate (behaviour §4.8, design notes 002 §B and 000 §E): replays the window's memories in time order
 * (linking each to the next), links co-activated memories, prunes weak links, proposes near-duplicate
 * merges and fading memories to condense, and drops dead ids from episodes. It reads only the window,
 * its links, each window memory's nearest neighbours (until enough candidates) and a bounded slice of
 * older memories — never the whole store. Running it twice changes nothing the second time: a replay
 * strengthens a link once (the link remembers it was replayed) and existing links are left alone.
 */
import { inject, injectable } from 'inversify';
import { KERNEL_TOKENS, type Clock, type Logger } from '@kioku/kernel';
import { NO_FENCE, type WriteFence } from '@kioku/concurrency';
import { EpisodeMaintenance } from '@kioku/episodes';
import { evaluate, isProtected } from '@kioku/forgetting';
import { LinkRepository } from '@kioku/links';
import {
  MEMORY_TOKENS,
  MemoryRepository,
  VerifiedLinkWriter,
  type Memory,
  type MemorySettings,
} from '@kioku/memory';
import { type CallContext } from '@kioku/call-context';
import { toSimilarity } from '@kioku/kernel';
import { where } from '@kioku/vector-store';
import { pairKey, planLinks } from '../../domain/link-plan';
import { ConsolidationStateRepository } from '../consolidation-state.repository';
import type { ConsolidateInput } from './consolidate.input';

const MAX_MERGE_CANDIDATES = 5;
const MAX_FADING = 5;
const NEIGHBOURS = 4;
/** Fading candidates are looked for among at most this many older memories. */
const FADING_SCAN_LIMIT = 2000;
/** Steps reported as MCP progress: window read, replay and co-activation, merge candidates, fading, writes. */
const CONSOLIDATION_STEPS = 5;

export interface MergeCandidate {
  a: Memory;
  b: Memory;
  similarity: number;
}

export interface ConsolidateResult {
  dryRun: boolean;
  windowHours: number;
  replayed: number;
  coactivations: number;
  linksCreated: number;
  linksStrengthened: number;
  linksPruned: number;
  refreshed: number;
  mergeCandidates: MergeCandidate[];
  fading: Memory[];
  episodeIdsDropped: number;
}

@injectable()
export class ConsolidateUseCase {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(LinkRepository) private readonly links: LinkRepository,
    @inject(VerifiedLinkWriter) private readonly linkWriter: VerifiedLinkWriter,
    @inject(EpisodeMaintenance) private readonly episodes: EpisodeMaintenance,
    @inject(ConsolidationStateRepository) private readonly state: ConsolidationStateRepository,
    @inject(MEMORY_TOKENS.Settings) private readonly settings: MemorySettings,
    @inject(KERNEL_TOKENS.Clock) private readonly clock: Clock,
    @inject(KERNEL_TOKENS.Logger) private readonly logger: Logger,
  ) {}

  /** `beforeWrite` is called before each write step (the worker's lease check; see WriteFence). */
  async execute(
    input: ConsolidateInput,
    context: CallContext,
    { beforeWrite = NO_FENCE }: { beforeWrite?: WriteFence } = {},
  ): Promise<ConsolidateResult> {
    const windowHours = input.windowHours ?? 24;
    const dryRun = input.dryRun === true;
    const namespace = context.namespace;
    const now = this.clock.now();
    const stamp = now.toISOString();
    const step = (progress: number, message: string) =>
      context.progress?.({ progress, total: CONSOLIDATION_STEPS, message });

    const window = (
      await this.memories.inWindow(namespace, new Date(now.getTime() - windowHours * 3_600_000))
    ).sort(
      (x, y) =>
        x.memory.createdAt.localeCompare(y.memory.createdAt) || x.memory.id.localeCompare(y.memory.id),
    );
    const windowMemories = window.map((w) => w.memory);
    step(1, `read ${windowMemories.length} memories of the window`);
    const existing = await this.links.linksFrom(
      namespace,
      windowMemories.map((m) => m.id),
    );
    const plan = planLinks(windowMemories, existing, this.settings.maxAutoLinks, stamp);
    step(2, 'replayed and linked co-activated memories');
    const mergeCandidates = await this.mergeCandidates(namespace, window);
    step(3, `found ${mergeCandidates.length} near-duplicate pairs`);
    const fading = await this.fading(namespace, now);
    step(4, `found ${fading.length} fading memories`);

    let episodeIdsDropped: number;
    if (dryRun) {
      episodeIdsDropped = await this.episodes.dropMissingMemories(namespace, { dryRun: true });
    } else {
      await beforeWrite();
      await this.linkWriter.save(namespace, plan.writes);
      await beforeWrite();
      await this.links.removeBoth(namespace, plan.weak);
      await beforeWrite();
      episodeIdsDropped = await this.episodes.dropMissingMemories(namespace);
      await beforeWrite();
      await this.state.save(namespace, {
        lastRunAt: stamp,
        mergeCandidates: mergeCandidates.map((c) => ({ a: c.a.id, b: c.b.id, similarity: c.similarity })),
      });
    }
    step(CONSOLIDATION_STEPS, dryRun ? 'dry run complete' : 'links and episodes written');
    const touched = new Set([...plan.writes, ...plan.weak].flatMap((l) => [l.sourceId, l.targetId]));
    const result: ConsolidateResult = {
      dryRun,
      windowHours,
      replayed: windowMemories.length,
      coactivations: plan.coactivations,
      linksCreated: plan.linksCreated,
      linksStrengthened: plan.linksStrengthened,
      linksPruned: new Set(plan.weak.map((l) => pairKey(l.sourceId, l.targetId) + l.type)).size,
      refreshed: touched.size,
      mergeCandidates,
      fading,
      episodeIdsDropped,
    };
    this.logger.info('consolidation.completed', {
      ...result,
      mergeCandidates: mergeCandidates.length,
      fading: fading.length,
    });
    return result;
  }

  /** Near-duplicate pairs among the window's nearest neighbours: each pair once, neither protected. */
  private async mergeCandidates(
    namespace: string,
    window: { memory: Memory; vector: number[] }[],
  ): Promise<MergeCandidate[]> {
    const candidates: MergeCandidate[] = [];
    const seen = new Set<string>();
    const protectedMemory = (m: Memory) => isProtected(m, this.settings.protectedCategories);
    for (const { memory, vector } of window) {
      if (candidates.length >= MAX_MERGE_CANDIDATES) break;
      if (protectedMemory(memory)) continue;
      for (const neighbour of await this.memories.nearest(namespace, vector, NEIGHBOURS)) {
        const other = neighbour.memory;
        if (
          other.id === memory.id ||
          neighbour.distance >= this.settings.mergeDistance ||
          protectedMemory(other)
        )
          continue;
        if (seen.has(pairKey(memory.id, other.id))) continue;
        seen.add(pairKey(memory.id, other.id));
        candidates.push({ a: memory, b: other, similarity: toSimilarity(neighbour.distance) });
        if (candidates.length >= MAX_MERGE_CANDIDATES) break;
      }
    }
    return candidates;
  }

  /** Memories the auto-forget policy counts as fading (`compress`), from a bounded slice of older ones. */
  private async fading(namespace: string, now: Date): Promise<Memory[]> {
    const fading: Memory[] = [];
    let scanned = 0;
    const olderThanAWeek = where.lte('createdAtMs', now.getTime() - 7 * 86_400_000);
    for await (const page of this.memories.pagesWhere(namespace, olderThanAWeek, 500)) {
      for (const memory of page) {
        if (evaluate(memory, now, this.settings.protectedCategories).action === 'compress')
          fading.push(memory);
        if (fading.length >= MAX_FADING) return fading;
      }
      scanned += page.length;
      if (scanned >= FADING_SCAN_LIMIT) break;
    }
    return fading;
  }
}
