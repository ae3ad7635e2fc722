/**
 * Chroma's answers turned into the port's records, and the pieces of a request built from a translated
 * filter. Pure functions: no client calls.
 */
import type { GetResult, Where, WhereDocument } from 'chromadb';
import {
  matchesFilter,
  type Filter,
  type Metadata,
  type MetadataValue,
  type QueryMatch,
  type StoredRecord,
} from '@kioku/vector-store';
import type { TranslatedFilter, TranslatedText } from './chroma-where.translator';

/** The parts of a record Chroma can return. */
export type Include = 'distances' | 'documents' | 'embeddings' | 'metadatas';

export function whereOf(translated: TranslatedFilter): Where | undefined {
  return translated.kind === 'where' ? (translated.where as Where) : undefined;
}

export function whereDocumentOf(translated: TranslatedText): WhereDocument | undefined {
  return translated.kind === 'where' ? (translated.whereDocument as WhereDocument) : undefined;
}

export function includeFor(includeVectors: boolean): Include[] {
  return includeVectors ? ['metadatas', 'documents', 'embeddings'] : ['metadatas', 'documents'];
}

export function rowsOf(result: GetResult): StoredRecord[] {
  const withVectors = result.include.includes('embeddings');
  return result.ids.map((id, i) => {
    const row: StoredRecord = {
      id,
      metadata: metadataOf(result.metadatas[i]),
      document: result.documents[i] ?? '',
    };
    if (withVectors && result.embeddings[i]) row.vector = Array.from(result.embeddings[i]);
    return row;
  });
}

export function matchesOf(
  result: {
    ids: string[][];
    distances: (number | null)[][];
    metadatas: (Record<string, unknown> | null)[][];
    documents: (string | null)[][];
    embeddings: (number[] | null)[][];
    include: string[];
  },
  /** Which of the query's vectors the matches are for (one query may carry several). */
  query = 0,
): QueryMatch[] {
  const withVectors = result.include.includes('embeddings');
  return (result.ids[query] ?? []).map((id, i) => {
    const match: QueryMatch = {
      id,
      metadata: metadataOf(result.metadatas[query]?.[i]),
      document: result.documents[query]?.[i] ?? '',
      distance: clampDistance(result.distances[query]?.[i] ?? 2),
    };
    const vector = result.embeddings[query]?.[i];
    if (withVectors && vector) match.vector = Array.from(vector);
    return match;
  });
}

export function keepMatching<T extends StoredRecord>(
  rows: T[],
  filter: Filter | undefined,
  translated: TranslatedFilter,
): T[] {
  if (translated.kind === 'none') return [];
  if (translated.exact || filter === undefined) return rows;
  return rows.filter((row) => matchesFilter(filter, row.metadata));
}

function metadataOf(raw: Record<string, unknown> | null | undefined): Metadata {
  const metadata: Metadata = {};
  for (const [key, value] of Object.entries(raw ?? {})) if (isScalar(value)) metadata[key] = value;
  return metadata;
}

export function isScalar(value: unknown): value is MetadataValue {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

export function copyRecord(record: StoredRecord): StoredRecord {
  const copy: StoredRecord = { id: record.id, metadata: { ...record.metadata }, document: record.document };
  if (record.vector) copy.vector = record.vector.slice();
  return copy;
}

/** Chroma reports `1 − cos` in float32, so an identical vector can come back as −2e−7. */
function clampDistance(distance: number): number {
  return Math.min(2, Math.max(0, distance));
}
