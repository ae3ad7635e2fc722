/** What an import is asked for, and what it reports (plain types: callers are the CLI and the worker). */
import type { RecordKind } from '../../domain/export-format';
import type { ImportSource } from '../shared/import-source';

export interface ImportProgress {
  namespace: string;
  /** `validate` reads the whole input first (nothing is written until it passes). */
  phase: 'validate' | RecordKind | 'lexical-index';
  done: number;
  /** Records of this kind in the file (absent while validating). */
  total?: number;
}

export interface ImportNamespaceInput {
  source: ImportSource;
  /**
   * The namespace a one-section file goes to (default: the one it names). A file of several sections
   * (`kioku export --all`) always goes to the namespaces it names; giving one then is refused.
   */
  namespace?: string;
  /** Report what would change and write nothing (default false). */
  dryRun?: boolean;
  /** Replace records whose id exists with other content (default false: skip and report them). */
  overwrite?: boolean;
  /** Leave out new memories that near-duplicate a memory already in the namespace (default false: import and report them). */
  skipDuplicates?: boolean;
  /** Records read, compared and written at a time (also the re-embedding batch); default 64. */
  batchSize?: number;
  onProgress?: (progress: ImportProgress) => void;
}

/** What happened to the records of one kind (would happen, in a dry run). */
export interface KindOutcome {
  /** New ids, written. */
  created: number;
  /** Same id with other content, replaced (only with `overwrite`). */
  updated: number;
  /** Same id, same content: nothing to write (a second import reports only these). */
  unchanged: number;
  /** Same id with other content, left as it is (without `overwrite`). */
  conflicts: number;
  /** Not written for another reason: a link whose memory is absent, a duplicate left out. */
  skipped: number;
}

export interface DuplicateFound {
  /** The memory in the file. */
  id: string;
  /** The memory already in the namespace (and not in the file) that it nearly repeats. */
  existingId: string;
  similarity: number;
}

export interface NamespaceImportReport {
  namespace: string;
  /** The namespace the file's section names. */
  fromNamespace: string;
  /** `reused` when the file has vectors of the configured model; otherwise contents were embedded. */
  vectors: 'reused' | 'reembedded';
  outcomes: Record<RecordKind, KindOutcome>;
  /** The first conflicting ids (at most 20 per kind). */
  conflictIds: Partial<Record<RecordKind, string[]>>;
  /** Near-duplicates of memories outside the file (all counted in `duplicateCount`, the first 20 listed). */
  duplicates: DuplicateFound[];
  duplicateCount: number;
  /** Links left out because a memory they join is neither in the file nor in the namespace (first 20). */
  linksWithoutMemory: string[];
}

export interface ImportReport {
  dryRun: boolean;
  namespaces: NamespaceImportReport[];
  /** Records written in all (0 in a dry run, and on a second import of the same file). */
  written: number;
}
