/** What an export is asked for, and what it reports (plain types: callers are the CLI and the worker). */
import type { RecordCounts, RecordKind } from '../../domain/export-format';
import type { ExportSink } from './export-sink';

export interface ExportProgress {
  kind: RecordKind;
  /** Records of this kind read so far (written or left out). */
  done: number;
  /** Records of this kind in the store, when known (memories, trash). */
  total?: number;
}

export interface ExportNamespaceInput {
  namespace: string;
  /** Include private memories, their trash entries, links and episode entries (default false). */
  includePrivate?: boolean;
  /** Include each memory's and trash entry's vector (default false: the importer re-embeds). */
  withVectors?: boolean;
  sink: ExportSink;
  onProgress?: (progress: ExportProgress) => void;
}

export interface ExportSummary {
  namespace: string;
  /** Records written, per kind (as in the trailer). */
  counts: RecordCounts;
  /** Private memories left out (live and in the trash); 0 with `includePrivate`. */
  privateOmitted: number;
  embeddingModel: { id: string; dimension: number };
}
