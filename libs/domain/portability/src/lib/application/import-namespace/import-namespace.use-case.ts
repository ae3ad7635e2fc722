/**
 * Imports a kioku export (docs/export-format.md). Two passes over the input: the first validates
 * every line of every section (and reads nothing from the store), so bad input — a truncated file,
 * another format version, a line with a bad field — is refused with the line named and nothing
 * written; the second writes each section in the format's order (memories, links, episodes, trash,
 * settings) a batch at a time through the repositories, then repairs the namespace's lexical index
 * (a crash between a memory's record and its index entry is made good here). Idempotent and
 * resumable: see SectionImporter. A dry run does the comparisons and writes nothing.
 */
import { inject, injectable } from 'inversify';
import { EMBEDDINGS_TOKENS, type EmbeddingProvider } from '@kioku/embeddings';
import { EpisodeRepository } from '@kioku/episodes';
import { TrashRepository } from '@kioku/forgetting';
import { AppError } from '@kioku/kernel';
import { LinkRepository } from '@kioku/links';
import { MEMORY_TOKENS, MemoryChangeNotifier, MemoryRepository, type MemorySettings } from '@kioku/memory';
import { NamespaceStateRepository } from '@kioku/namespace-storage';
import type { RecordKind, RecordLine } from '../../domain/export-format';
import { numberedLines, validateExportFile, type ValidatedSection } from '../format/export-file.validator';
import type { ImportNamespaceInput, ImportProgress, ImportReport } from './import-namespace.input';
import { SectionImporter, type SectionImporterDeps } from './section-importer';

const DEFAULT_BATCH = 64;

@injectable()
export class ImportNamespaceUseCase {
  private readonly deps: SectionImporterDeps;

  constructor(
    @inject(MemoryRepository) memories: MemoryRepository,
    @inject(LinkRepository) links: LinkRepository,
    @inject(EpisodeRepository) episodes: EpisodeRepository,
    @inject(TrashRepository) trash: TrashRepository,
    @inject(NamespaceStateRepository) state: NamespaceStateRepository,
    @inject(EMBEDDINGS_TOKENS.EmbeddingProvider) embeddings: EmbeddingProvider,
    @inject(MEMORY_TOKENS.Settings) settings: MemorySettings,
    @inject(MemoryChangeNotifier) changes: MemoryChangeNotifier,
  ) {
    this.deps = { memories, links, episodes, trash, state, embeddings, settings, changes };
  }

  async execute(input: ImportNamespaceInput): Promise<ImportReport> {
    const progress = input.onProgress ?? (() => undefined);
    progress({ namespace: input.namespace ?? '', phase: 'validate', done: 0 });
    const sections = await validateExportFile(input.source.lines());
    if (input.namespace !== undefined && sections.length > 1) {
      throw AppError.invalidInput(
        `The input holds ${sections.length} namespaces; it is imported into the namespaces it names (give no namespace).`,
      );
    }
    const report: ImportReport = { dryRun: input.dryRun === true, namespaces: [], written: 0 };
    for (const section of sections) {
      const importer = await this.importerFor(section, input);
      await this.writeSection(section, importer, input, progress);
      report.namespaces.push(importer.report);
      report.written += importer.written;
    }
    return report;
  }

  private async importerFor(
    section: ValidatedSection,
    input: ImportNamespaceInput,
  ): Promise<SectionImporter> {
    const { header } = section;
    const namespace = input.namespace ?? header.namespace;
    const { modelId, dimension } = this.deps.embeddings;
    // Opening refuses a namespace embedded with another model before anything is written.
    const before = await this.deps.memories.count(namespace);
    return new SectionImporter(this.deps, {
      namespace,
      fromNamespace: header.namespace,
      reuseVectors:
        header.withVectors &&
        header.embeddingModel.id === modelId &&
        header.embeddingModel.dimension === dimension,
      fileMemoryIds: section.memoryIds,
      checkDuplicates: before > 0,
      dryRun: input.dryRun === true,
      overwrite: input.overwrite === true,
      skipDuplicates: input.skipDuplicates === true,
    });
  }

  /** The section's lines, a batch of one kind at a time, in the file's order (validated: kinds in order). */
  private async writeSection(
    section: ValidatedSection,
    importer: SectionImporter,
    input: ImportNamespaceInput,
    progress: (p: ImportProgress) => void,
  ): Promise<void> {
    const batchSize = input.batchSize ?? DEFAULT_BATCH;
    const namespace = importer.report.namespace;
    const done: Record<RecordKind, number> = { memory: 0, link: 0, episode: 0, trash: 0, setting: 0 };
    let batch: RecordLine[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const kind = batch[0].type;
      await this.writeBatch(importer, batch);
      done[kind] += batch.length;
      progress({ namespace, phase: kind, done: done[kind], total: section.counts[kind] });
      batch = [];
    };
    let inSection = false;
    for await (const { line } of numberedLines(input.source.lines())) {
      if (line.type === 'header') inSection = line.namespace === section.header.namespace;
      else if (!inSection) continue;
      else if (line.type === 'trailer') break;
      else {
        if (batch.length > 0 && (batch[0].type !== line.type || batch.length >= batchSize)) await flush();
        batch.push(line);
      }
    }
    await flush();
    if (input.dryRun) return;
    progress({ namespace, phase: 'lexical-index', done: 0, total: section.counts.memory });
    await this.deps.memories.reindexText(namespace, 'repair');
  }

  private async writeBatch(importer: SectionImporter, batch: RecordLine[]): Promise<void> {
    const kind = batch[0].type;
    const of = <T extends RecordLine['type']>(type: T) =>
      batch.filter((l): l is Extract<RecordLine, { type: T }> => l.type === type);
    switch (kind) {
      case 'memory':
        return importer.memories(of('memory'));
      case 'link':
        return importer.links(of('link'));
      case 'episode':
        return importer.episodes(of('episode'));
      case 'trash':
        return importer.trash(of('trash'));
      case 'setting':
        return importer.settings(of('setting'));
    }
  }
}
