/**
 * Writes one section of a validated export into a namespace, a batch of one kind at a time. Every
 * write is an idempotent upsert under the exported id, compared first with what the namespace holds:
 * the same record is left alone (so a second import writes nothing, and an import killed half-way
 * resumes where it stopped: what it wrote compares equal), another record under the same id is a
 * conflict (skipped, or replaced with `overwrite`). Memories carry their vectors from the file when
 * the file's model is the configured one; otherwise their contents are embedded, a batch at once,
 * and only for the memories that are written. Memories go through MemoryRepository.save, which also
 * writes the lexical index.
 */
import type { EmbeddingProvider } from '@kioku/embeddings';
import type { EpisodeRepository } from '@kioku/episodes';
import type { TrashRepository } from '@kioku/forgetting';
import type { Link, LinkRepository } from '@kioku/links';
import {
  duplicateSignals,
  fromRecord,
  toMetadata,
  type Memory,
  type MemoryChangeNotifier,
  type MemoryRepository,
  type MemorySettings,
} from '@kioku/memory';
import type { NamespaceStateRepository } from '@kioku/namespace-storage';
import type {
  EpisodeLine,
  LinkLine,
  MemoryLine,
  RecordKind,
  SettingLine,
  TrashLine,
} from '../../domain/export-format';
import { sameRecord } from '../../domain/same-record';
import type { DuplicateFound, KindOutcome, NamespaceImportReport } from './import-namespace.input';

const SAMPLE_LIMIT = 20;
const NEIGHBOURS = 8;

export interface SectionImporterDeps {
  memories: MemoryRepository;
  links: LinkRepository;
  episodes: EpisodeRepository;
  trash: TrashRepository;
  state: NamespaceStateRepository;
  embeddings: EmbeddingProvider;
  settings: MemorySettings;
  /** Told of every memory the import creates or replaces (workspace files follow, as after remember). */
  changes: MemoryChangeNotifier;
}

export interface SectionImporterOptions {
  namespace: string;
  fromNamespace: string;
  /** The file's vectors are of the configured model and are used as they are. */
  reuseVectors: boolean;
  /** Ids of the memories the file brings: never reported as duplicates, always valid link ends. */
  fileMemoryIds: Set<string>;
  /** Look for near-duplicates among memories outside the file (the namespace had memories before). */
  checkDuplicates: boolean;
  dryRun: boolean;
  overwrite: boolean;
  skipDuplicates: boolean;
}

type Decision = 'create' | 'update' | 'unchanged' | 'conflict';

export class SectionImporter {
  readonly report: NamespaceImportReport;
  written = 0;

  constructor(
    private readonly deps: SectionImporterDeps,
    private readonly options: SectionImporterOptions,
  ) {
    const outcome = (): KindOutcome => ({ created: 0, updated: 0, unchanged: 0, conflicts: 0, skipped: 0 });
    this.report = {
      namespace: options.namespace,
      fromNamespace: options.fromNamespace,
      vectors: options.reuseVectors ? 'reused' : 'reembedded',
      outcomes: {
        memory: outcome(),
        link: outcome(),
        episode: outcome(),
        trash: outcome(),
        setting: outcome(),
      },
      conflictIds: {},
      duplicates: [],
      duplicateCount: 0,
      linksWithoutMemory: [],
    };
  }

  async memories(lines: MemoryLine[]): Promise<void> {
    const { namespace } = this.options;
    const stored = await this.deps.memories.get(
      namespace,
      lines.map((l) => l.memory.id),
    );
    const existing = new Map(stored.map((s) => [s.memory.id, s.memory]));
    const pending: { memory: Memory; vector?: number[]; isNew: boolean; before?: Memory }[] = [];
    for (const line of lines) {
      const memory = this.asStored(line.memory);
      const decision = this.decide('memory', memory.id, existing.get(memory.id), memory);
      if (decision === 'create' || decision === 'update') {
        pending.push({
          memory,
          vector: line.vector,
          isNew: decision === 'create',
          before: existing.get(memory.id),
        });
      }
    }
    const vectors = await this.vectorsFor(
      pending.map((p) => ({ content: p.memory.content, vector: p.vector })),
    );
    const writes: Promise<void>[] = [];
    const written: { memory: Memory; before?: Memory }[] = [];
    for (const [index, { memory, isNew, before }] of pending.entries()) {
      const vector = vectors[index];
      if (isNew && (await this.isDuplicate(memory, vector)) && this.options.skipDuplicates) {
        this.undo('memory', 'created');
        this.report.outcomes.memory.skipped++;
        continue;
      }
      if (this.options.dryRun) continue;
      writes.push(this.deps.memories.save(namespace, memory, vector, { isNew }));
      written.push({ memory, before });
    }
    await this.settle(writes);
    for (const { memory, before } of written) {
      if (before) await this.deps.changes.updated(namespace, before, memory);
      else await this.deps.changes.saved(namespace, memory);
    }
  }

  async links(lines: LinkLine[]): Promise<void> {
    const { namespace, fileMemoryIds } = this.options;
    const ends = [...new Set(lines.flatMap((l) => [l.link.sourceId, l.link.targetId]))];
    const outside = ends.filter((id) => !fileMemoryIds.has(id));
    const present = new Set([
      ...fileMemoryIds,
      ...(await this.deps.memories.get(namespace, outside)).map((s) => s.memory.id),
    ]);
    const stored = await this.deps.links.linksFrom(namespace, ends);
    const byKey = new Map(stored.map((l) => [linkKey(l), l]));
    const toWrite: Link[] = [];
    for (const { link } of lines) {
      const id = linkKey(link);
      if (!present.has(link.sourceId) || !present.has(link.targetId)) {
        this.report.outcomes.link.skipped++;
        if (this.report.linksWithoutMemory.length < SAMPLE_LIMIT) this.report.linksWithoutMemory.push(id);
        continue;
      }
      const reverse: Link = { ...link, sourceId: link.targetId, targetId: link.sourceId };
      const decision = this.decide(
        'link',
        id,
        storedPair(link, byKey.get(id), byKey.get(linkKey(reverse))),
        link,
      );
      if (decision === 'create' || decision === 'update') toWrite.push(link);
    }
    if (this.options.dryRun || toWrite.length === 0) return;
    await this.deps.links.saveBoth(namespace, toWrite);
    this.written += toWrite.length;
  }

  async episodes(lines: EpisodeLine[]): Promise<void> {
    const { namespace } = this.options;
    const writes: Promise<void>[] = [];
    for (const { episode } of lines) {
      const current = await this.deps.episodes.get(namespace, episode.id);
      const decision = this.decide('episode', episode.id, current ?? undefined, episode);
      if ((decision === 'create' || decision === 'update') && !this.options.dryRun) {
        writes.push(this.deps.episodes.save(namespace, episode));
      }
    }
    await this.settle(writes);
  }

  async trash(lines: TrashLine[]): Promise<void> {
    const { namespace } = this.options;
    const pending: { line: TrashLine; memory: Memory }[] = [];
    for (const line of lines) {
      const memory = this.asStored(line.entry.memory);
      const current = await this.deps.trash.get(namespace, memory.id);
      const entry = { ...line.entry, memory };
      const stored = current && {
        memory: current.memory,
        links: current.links,
        deletedAt: current.deletedAt,
        reason: current.reason,
        restoring: current.restoring,
      };
      const decision = this.decide('trash', memory.id, stored ?? undefined, entry);
      if (decision === 'create' || decision === 'update') pending.push({ line, memory });
    }
    const vectors = await this.vectorsFor(
      pending.map((p) => ({ content: p.memory.content, vector: p.line.vector })),
    );
    if (this.options.dryRun) return;
    await this.settle(
      pending.map(({ line, memory }, index) =>
        this.deps.trash.put(namespace, { ...line.entry, memory, vector: vectors[index] }),
      ),
    );
  }

  async settings(lines: SettingLine[]): Promise<void> {
    const { namespace } = this.options;
    for (const { key, value } of lines) {
      const current = await this.deps.state.read(namespace, key);
      const decision = this.decide('setting', key, current ?? undefined, value);
      if ((decision === 'create' || decision === 'update') && !this.options.dryRun) {
        await this.deps.state.write(namespace, key, value);
      }
    }
  }

  /**
   * The memory as the store will give it back (tolerant normalisation, the same codec), with the
   * model of the vector it will be stored with, so that a re-import compares equal.
   */
  private asStored(memory: Memory): Memory {
    const embeddingModel = this.options.reuseVectors ? memory.embeddingModel : this.deps.embeddings.modelId;
    return (
      fromRecord({ id: memory.id, metadata: toMetadata({ ...memory, embeddingModel }), document: '' }) ??
      memory
    );
  }

  /** Counts the decision for one record; `current` is what the namespace holds under its id, if anything. */
  private decide(kind: RecordKind, id: string, current: unknown, incoming: unknown): Decision {
    const outcome = this.report.outcomes[kind];
    let decision: Decision;
    if (current === undefined) decision = 'create';
    else if (sameRecord(current, incoming)) decision = 'unchanged';
    else decision = this.options.overwrite ? 'update' : 'conflict';
    if (decision === 'create') outcome.created++;
    else if (decision === 'update') outcome.updated++;
    else if (decision === 'unchanged') outcome.unchanged++;
    else {
      outcome.conflicts++;
      const ids = (this.report.conflictIds[kind] ??= []);
      if (ids.length < SAMPLE_LIMIT) ids.push(id);
    }
    return decision;
  }

  private undo(kind: RecordKind, field: 'created' | 'updated'): void {
    this.report.outcomes[kind][field]--;
  }

  /** One vector per item: the file's when it is of the configured model, else embedded in one batch. */
  private async vectorsFor(items: { content: string; vector?: number[] }[]): Promise<number[][]> {
    if (items.length === 0) return [];
    if (this.options.reuseVectors && items.every((i) => i.vector)) return items.map((i) => i.vector!);
    return this.deps.embeddings.embed(items.map((i) => i.content));
  }

  /** A near-duplicate (remember's own rule: close vector, shared surface, no fact difference) outside the file. */
  private async isDuplicate(memory: Memory, vector: number[]): Promise<boolean> {
    if (!this.options.checkDuplicates) return false;
    const { namespace, fileMemoryIds } = this.options;
    const neighbours = await this.deps.memories.nearest(namespace, vector, NEIGHBOURS);
    const nearest = neighbours.find((n) => !fileMemoryIds.has(n.memory.id));
    if (!nearest || nearest.distance >= this.deps.settings.dedupDistance) return false;
    const signals = duplicateSignals(memory.content, nearest.memory.content);
    if (signals.surfaceOverlap < this.deps.settings.dedupSurfaceOverlap || signals.factDifference)
      return false;
    this.report.duplicateCount++;
    const found: DuplicateFound = {
      id: memory.id,
      existingId: nearest.memory.id,
      similarity: Math.round(Math.max(0, Math.min(1, 1 - nearest.distance)) * 100) / 100,
    };
    if (this.report.duplicates.length < SAMPLE_LIMIT) this.report.duplicates.push(found);
    return true;
  }

  private async settle(writes: Promise<void>[]): Promise<void> {
    await Promise.all(writes);
    this.written += writes.length;
  }
}

function linkKey(link: Pick<Link, 'sourceId' | 'targetId' | 'type'>): string {
  return `${link.sourceId}>${link.targetId}>${link.type}`;
}

/**
 * What the namespace holds for a link pair, as the file's direction: nothing when neither direction
 * is stored, or when one is missing and the other matches (writing both repairs it); otherwise the
 * stored direction that differs, or the matching pair.
 */
function storedPair(link: Link, forward: Link | undefined, reverse: Link | undefined): Link | undefined {
  const reversed = reverse && { ...reverse, sourceId: reverse.targetId, targetId: reverse.sourceId };
  if (forward && !sameRecord(forward, link)) return forward;
  if (reversed && !sameRecord(reversed, link)) return reversed;
  return forward && reversed ? forward : undefined;
}
