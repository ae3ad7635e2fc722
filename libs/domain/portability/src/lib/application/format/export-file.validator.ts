/**
 * The first pass of an import: reads the whole input and checks every line before anything is
 * written — the format and version, each line's fields, the order of the kinds, vectors of the
 * header's dimension, no private memory in a file that says it has none, no id twice, no store-local
 * setting (docs/export-format.md), and each
 * section's trailer with the counts it announces (a missing trailer means a truncated file).
 * Returns each section's header, counts and memory ids (the writing pass needs to know which ids the
 * file brings: one string per memory is held in memory).
 */
import {
  RECORD_KINDS,
  STORE_LOCAL_STATE_KEYS,
  zeroCounts,
  type ExportLine,
  type HeaderLine,
  type RecordCounts,
  type RecordLine,
} from '../../domain/export-format';
import { ExportFormatError } from './export-format.errors';
import { parseExportLine } from './export-line.parser';

export interface ValidatedSection {
  header: HeaderLine;
  counts: RecordCounts;
  /** Ids of the memories (live ones) the section holds. */
  memoryIds: Set<string>;
}

/** Numbered, non-blank lines of the input, parsed. */
export async function* numberedLines(
  lines: AsyncIterable<string>,
): AsyncGenerator<{ line: ExportLine; lineNumber: number }> {
  let lineNumber = 0;
  for await (const text of lines) {
    lineNumber++;
    if (text.trim() === '') continue;
    yield { line: parseExportLine(text, lineNumber), lineNumber };
  }
}

export async function validateExportFile(lines: AsyncIterable<string>): Promise<ValidatedSection[]> {
  const sections: ValidatedSection[] = [];
  let open: (ValidatedSection & { kindIndex: number; ids: Set<string> }) | null = null;
  let lastLine = 0;
  for await (const { line, lineNumber } of numberedLines(lines)) {
    lastLine = lineNumber;
    if (line.type === 'header') {
      if (open)
        throw new ExportFormatError(lineNumber, 'a header before the trailer of the previous section');
      if (sections.some((s) => s.header.namespace === line.namespace)) {
        throw new ExportFormatError(lineNumber, 'a second section for the same namespace', 'namespace');
      }
      open = { header: line, counts: zeroCounts(), memoryIds: new Set(), kindIndex: 0, ids: new Set() };
    } else if (!open) {
      throw new ExportFormatError(lineNumber, 'expected a header line first', 'type');
    } else if (line.type === 'trailer') {
      for (const kind of RECORD_KINDS) {
        if (line.counts[kind] !== open.counts[kind]) {
          throw new ExportFormatError(
            lineNumber,
            `the trailer counts ${line.counts[kind]} ${kind} records, the section holds ${open.counts[kind]}`,
            `counts.${kind}`,
          );
        }
      }
      sections.push({ header: open.header, counts: open.counts, memoryIds: open.memoryIds });
      open = null;
    } else {
      checkRecord(line, lineNumber, open);
      open.counts[line.type]++;
    }
  }
  if (open) {
    throw new ExportFormatError(
      lastLine + 1,
      `the input ends before the trailer of namespace "${open.header.namespace}" (truncated?)`,
    );
  }
  if (sections.length === 0) throw new ExportFormatError(1, 'the input is empty');
  return sections;
}

function checkRecord(
  line: RecordLine,
  lineNumber: number,
  section: ValidatedSection & { kindIndex: number; ids: Set<string> },
): void {
  const { header } = section;
  const kindIndex = RECORD_KINDS.indexOf(line.type);
  if (kindIndex < section.kindIndex) {
    throw new ExportFormatError(
      lineNumber,
      `a ${line.type} line after ${RECORD_KINDS[section.kindIndex]} lines (the order is ${RECORD_KINDS.join(', ')})`,
      'type',
    );
  }
  section.kindIndex = kindIndex;
  if (line.type === 'setting' && STORE_LOCAL_STATE_KEYS.includes(line.key)) {
    // Written into another store, a collection generation or a re-embedding position would point its
    // reads at collections that do not exist there (the namespace would look empty).
    throw new ExportFormatError(
      lineNumber,
      `"${line.key}" describes one store's layout or a run in progress: it is never exported, and an import refuses it (remove the line)`,
      'key',
    );
  }
  const id = recordId(line);
  const key = `${line.type}:${id}`;
  if (section.ids.has(key))
    throw new ExportFormatError(lineNumber, `a second ${line.type} with this id`, 'id');
  section.ids.add(key);
  if (line.type === 'memory' || line.type === 'trash') {
    const field = 'vector';
    if (header.withVectors !== (line.vector !== undefined)) {
      throw new ExportFormatError(
        lineNumber,
        header.withVectors
          ? 'missing (the header says withVectors)'
          : 'present, but the header says no vectors',
        field,
      );
    }
    if (line.vector && line.vector.length !== header.embeddingModel.dimension) {
      throw new ExportFormatError(
        lineNumber,
        `has ${line.vector.length} dimensions, the header's model ${header.embeddingModel.dimension}`,
        field,
      );
    }
    const memory = line.type === 'memory' ? line.memory : line.entry.memory;
    if (memory.isPrivate && !header.includesPrivate) {
      throw new ExportFormatError(
        lineNumber,
        'a private memory in a file whose header says includesPrivate: false',
        `${line.type === 'memory' ? 'memory' : 'entry.memory'}.isPrivate`,
      );
    }
    if (line.type === 'memory') section.memoryIds.add(memory.id);
  }
}

function recordId(line: RecordLine): string {
  switch (line.type) {
    case 'memory':
      return line.memory.id;
    case 'link':
      return `${[line.link.sourceId, line.link.targetId].sort().join('|')}|${line.link.type}`;
    case 'episode':
      return line.episode.id;
    case 'trash':
      return line.entry.memory.id;
    case 'setting':
      return line.key;
  }
}
