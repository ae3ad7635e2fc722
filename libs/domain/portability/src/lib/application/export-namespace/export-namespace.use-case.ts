/**
 * Exports one namespace to the kioku export format (docs/export-format.md), streaming: a page of
 * records is read, written to the sink and let go, so memory stays bounded whatever the size (apart
 * from the ids of private memories when they are left out, which links and episodes are checked
 * against). Kinds follow the format's order: memories, links (one line per pair), episodes, trash,
 * settings. Private memories are left out unless asked for, with every link to them, their trash
 * entries, the episodes that name them and the merge candidates that name them. Nothing is logged about the records.
 */
import { inject, injectable } from 'inversify';
import { EMBEDDINGS_TOKENS, type EmbeddingProvider } from '@kioku/embeddings';
import { EpisodeRepository } from '@kioku/episodes';
import { TrashRepository, type TrashEntry } from '@kioku/forgetting';
import { KERNEL_TOKENS, type Clock } from '@kioku/kernel';
import { LinkRepository } from '@kioku/links';
import { MemoryRepository, type Memory } from '@kioku/memory';
import { NamespaceStateRepository } from '@kioku/namespace-storage';
import {
  EXPORT_FORMAT_NAME,
  EXPORT_FORMAT_VERSION,
  STORE_LOCAL_STATE_KEYS,
  zeroCounts,
  type ExportLine,
  type HeaderLine,
  type RecordCounts,
} from '../../domain/export-format';
import { withoutHiddenMemories } from '../../domain/setting-privacy';
import type { ExportNamespaceInput, ExportSummary } from './export-namespace.input';

const PAGE_SIZE = 200;

/** One export under way: where it writes, what it leaves out, and what it has written so far. */
interface ExportRun {
  namespace: string;
  sink: ExportNamespaceInput['sink'];
  counts: RecordCounts;
  withVectors: boolean;
  includePrivate: boolean;
  isHidden: (id: string) => boolean;
  progress: NonNullable<ExportNamespaceInput['onProgress']>;
}

@injectable()
export class ExportNamespaceUseCase {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(LinkRepository) private readonly links: LinkRepository,
    @inject(EpisodeRepository) private readonly episodes: EpisodeRepository,
    @inject(TrashRepository) private readonly trash: TrashRepository,
    @inject(NamespaceStateRepository) private readonly state: NamespaceStateRepository,
    @inject(EMBEDDINGS_TOKENS.EmbeddingProvider) private readonly embeddings: EmbeddingProvider,
    @inject(KERNEL_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(input: ExportNamespaceInput): Promise<ExportSummary> {
    const { namespace, sink } = input;
    const includePrivate = input.includePrivate === true;
    const withVectors = input.withVectors === true;
    // Opening checks that the namespace holds vectors of the configured model: that is the model named.
    await this.memories.open(namespace);
    const embeddingModel = { id: this.embeddings.modelId, dimension: this.embeddings.dimension };
    const hidden = includePrivate ? new Set<string>() : await this.privateIds(namespace);
    const run: ExportRun = {
      namespace,
      sink,
      counts: zeroCounts(),
      withVectors,
      includePrivate,
      isHidden: (id: string) => hidden.has(id),
      progress: input.onProgress ?? (() => undefined),
    };
    const header: HeaderLine = {
      type: 'header',
      format: EXPORT_FORMAT_NAME,
      version: EXPORT_FORMAT_VERSION,
      namespace,
      exportedAt: this.clock.now().toISOString(),
      embeddingModel,
      withVectors,
      includesPrivate: includePrivate,
    };
    await sink.write(serialize([header]));
    await this.writeMemories(run);
    await this.writeLinks(run);
    await this.writeEpisodes(run);
    await this.writeTrash(run);
    await this.writeSettings(run);
    await sink.write(serialize([{ type: 'trailer', counts: { ...run.counts } }]));
    return { namespace, counts: run.counts, privateOmitted: hidden.size, embeddingModel };
  }

  private async writeMemories(run: ExportRun): Promise<void> {
    const { namespace, withVectors, isHidden } = run;
    const memoryTotal = await this.memories.count(namespace);
    let seen = 0;
    for await (const page of this.memories.pages(namespace, PAGE_SIZE)) {
      const kept = page.filter((m) => !isHidden(m.id));
      const vectors = withVectors ? await this.vectorsOf(namespace, kept) : new Map<string, number[]>();
      // A memory deleted between the page and its vector is gone: it is left out, not written half.
      const written = withVectors ? kept.filter((m) => vectors.has(m.id)) : kept;
      await emit(
        run,
        written.map((memory) => ({
          type: 'memory',
          memory: withoutHiddenThread(memory, isHidden),
          ...vectorField(withVectors, vectors.get(memory.id)),
        })),
      );
      seen += page.length;
      run.progress({ kind: 'memory', done: seen, total: memoryTotal });
    }
  }

  /** One line per pair; a link with a hidden end is left out. */
  private async writeLinks(run: ExportRun): Promise<void> {
    let seen = 0;
    for await (const page of this.links.pairs(run.namespace, PAGE_SIZE)) {
      const kept = page.filter((l) => !run.isHidden(l.sourceId) && !run.isHidden(l.targetId));
      await emit(
        run,
        kept.map((link) => ({ type: 'link', link })),
      );
      seen += page.length;
      run.progress({ kind: 'link', done: seen });
    }
  }

  private async writeEpisodes(run: ExportRun): Promise<void> {
    let seen = 0;
    for await (const episode of this.episodes.all(run.namespace)) {
      run.progress({ kind: 'episode', done: ++seen });
      // Its summary was written about every member, a private one too: the episode is private.
      if (episode.memoryIds.some(run.isHidden)) continue;
      await emit(run, [{ type: 'episode', episode }]);
    }
  }

  private async writeTrash(run: ExportRun): Promise<void> {
    let seen = 0;
    for await (const entry of this.trash.all(run.namespace, { withVectors: run.withVectors })) {
      run.progress({ kind: 'trash', done: ++seen });
      if (run.isHidden(entry.memory.id)) continue;
      await emit(run, [trashLine(entry, run.withVectors, run.isHidden)]);
    }
  }

  /** The namespace's settings but the store's own bookkeeping, private memories named in them left out. */
  private async writeSettings(run: ExportRun): Promise<void> {
    for await (const page of this.state.all(run.namespace)) {
      const kept = page.filter(({ key }) => !STORE_LOCAL_STATE_KEYS.includes(key));
      await emit(
        run,
        kept.map(({ key, state }) => ({
          type: 'setting',
          key,
          value: sortedKeys(run.includePrivate ? state : withoutHiddenMemories(key, state, run.isHidden)),
        })),
      );
      run.progress({ kind: 'setting', done: run.counts.setting });
    }
  }

  /** Ids of the private memories, live and in the trash (read without vectors, a page at a time). */
  private async privateIds(namespace: string): Promise<Set<string>> {
    const ids = new Set<string>();
    for await (const page of this.memories.pages(namespace, PAGE_SIZE)) {
      for (const memory of page) if (memory.isPrivate) ids.add(memory.id);
    }
    for await (const entry of this.trash.all(namespace)) if (entry.memory.isPrivate) ids.add(entry.memory.id);
    return ids;
  }

  private async vectorsOf(namespace: string, memories: Memory[]): Promise<Map<string, number[]>> {
    const stored = await this.memories.get(
      namespace,
      memories.map((m) => m.id),
      true,
    );
    return new Map(stored.map((s) => [s.memory.id, s.vector]));
  }
}

/** Writes the lines and counts them by kind. */
async function emit(run: ExportRun, lines: ExportLine[]): Promise<void> {
  if (lines.length === 0) return;
  for (const line of lines) if (line.type !== 'header' && line.type !== 'trailer') run.counts[line.type]++;
  await run.sink.write(serialize(lines));
}

function serialize(lines: ExportLine[]): string {
  return lines.map((line) => `${JSON.stringify(line)}\n`).join('');
}

function vectorField(withVectors: boolean, vector: number[] | undefined): { vector?: number[] } {
  return withVectors && vector ? { vector } : {};
}

function trashLine(entry: TrashEntry, withVectors: boolean, isHidden: (id: string) => boolean): ExportLine {
  return {
    type: 'trash',
    entry: {
      memory: withoutHiddenThread(entry.memory, isHidden),
      links: entry.links.filter((l) => !isHidden(l.targetId)),
      deletedAt: entry.deletedAt,
      reason: entry.reason,
      restoring: entry.restoring,
    },
    ...vectorField(withVectors, entry.vector),
  };
}

/** The conversation thread may run through a private memory: a pointer to one left out goes too. */
function withoutHiddenThread(memory: Memory, isHidden: (id: string) => boolean): Memory {
  const { precedingId, followingId, ...rest } = memory;
  return {
    ...rest,
    ...(precedingId && !isHidden(precedingId) ? { precedingId } : {}),
    ...(followingId && !isHidden(followingId) ? { followingId } : {}),
  };
}

/** A setting's keys in order: stores hand metadata back in any key order, and an export is stable. */
function sortedKeys<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) as T;
}
