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
    const counts = zeroCounts();
    const progress = input.onProgress ?? (() => undefined);
    // Opening checks that the namespace holds vectors of the configured model: that is the model named.
    await this.memories.open(namespace);
    const embeddingModel = { id: this.embeddings.modelId, dimension: this.embeddings.dimension };
    const hidden = includePrivate ? new Set<string>() : await this.privateIds(namespace);
    const isHidden = (id: string) => hidden.has(id);

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

    const memoryTotal = await this.memories.count(namespace);
    let seen = 0;
    for await (const page of this.memories.pages(namespace, PAGE_SIZE)) {
      const kept = page.filter((m) => !isHidden(m.id));
      const vectors = withVectors ? await this.vectorsOf(namespace, kept) : new Map<string, number[]>();
      // A memory deleted between the page and its vector is gone: it is left out, not written half.
      const written = withVectors ? kept.filter((m) => vectors.has(m.id)) : kept;
      await this.emit(
        sink,
        counts,
        written.map((memory) => ({
          type: 'memory',
          memory: withoutHiddenThread(memory, isHidden),
          ...vectorField(withVectors, vectors.get(memory.id)),
        })),
      );
      seen += page.length;
      progress({ kind: 'memory', done: seen, total: memoryTotal });
    }

    seen = 0;
    for await (const page of this.links.pairs(namespace, PAGE_SIZE)) {
      const kept = page.filter((l) => !isHidden(l.sourceId) && !isHidden(l.targetId));
      await this.emit(
        sink,
        counts,
        kept.map((link) => ({ type: 'link', link })),
      );
      seen += page.length;
      progress({ kind: 'link', done: seen });
    }

    seen = 0;
    for await (const episode of this.episodes.all(namespace)) {
      progress({ kind: 'episode', done: ++seen });
      // Its summary was written about every member, a private one too: the episode is private.
      if (episode.memoryIds.some(isHidden)) continue;
      await this.emit(sink, counts, [{ type: 'episode', episode }]);
    }

    seen = 0;
    for await (const entry of this.trash.all(namespace, { withVectors })) {
      progress({ kind: 'trash', done: ++seen });
      if (isHidden(entry.memory.id)) continue;
      await this.emit(sink, counts, [trashLine(entry, withVectors, isHidden)]);
    }

    for await (const page of this.state.all(namespace)) {
      const kept = page.filter(({ key }) => !STORE_LOCAL_STATE_KEYS.includes(key));
      await this.emit(
        sink,
        counts,
        kept.map(({ key, state }) => ({
          type: 'setting',
          key,
          value: sortedKeys(includePrivate ? state : withoutHiddenMemories(key, state, isHidden)),
        })),
      );
      progress({ kind: 'setting', done: counts.setting });
    }

    await sink.write(serialize([{ type: 'trailer', counts: { ...counts } }]));
    return { namespace, counts, privateOmitted: hidden.size, embeddingModel };
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

  private async emit(sink: ExportNamespaceInput['sink'], counts: RecordCounts, lines: ExportLine[]) {
    if (lines.length === 0) return;
    for (const line of lines) if (line.type !== 'header' && line.type !== 'trailer') counts[line.type]++;
    await sink.write(serialize(lines));
  }
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
