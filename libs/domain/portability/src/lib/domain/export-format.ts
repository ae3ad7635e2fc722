/**
 * The kioku export format, version 1 (documented field by field in docs/export-format.md): JSON
 * Lines, one or more sections, each a header line, record lines and a trailer with the counts, so a
 * cut-off file is detected. Records are the domain's own shapes (Memory, Link, Episode, TrashEntry),
 * never a backend's, so a file moves between stores. Pure types: no I/O, no zod.
 */
import type { Episode } from '@kioku/episodes';
import type { DeletionReason } from '@kioku/forgetting';
import type { Link } from '@kioku/links';
import type { Memory } from '@kioku/memory';

export const EXPORT_FORMAT_NAME = 'kioku-export';
export const EXPORT_FORMAT_VERSION = 1;

export const RECORD_KINDS = ['memory', 'link', 'episode', 'trash', 'setting'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];
export type RecordCounts = Record<RecordKind, number>;

export interface HeaderLine {
  type: 'header';
  format: typeof EXPORT_FORMAT_NAME;
  version: typeof EXPORT_FORMAT_VERSION;
  namespace: string;
  exportedAt: string;
  /** The model that produced the namespace's vectors (and the vectors in this file, if any). */
  embeddingModel: { id: string; dimension: number };
  withVectors: boolean;
  includesPrivate: boolean;
}

export interface MemoryLine {
  type: 'memory';
  memory: Memory;
  vector?: number[];
}

/** One line per link pair: the importer writes both directions. */
export interface LinkLine {
  type: 'link';
  link: Link;
}

export interface EpisodeLine {
  type: 'episode';
  episode: Episode;
}

export interface TrashLine {
  type: 'trash';
  entry: { memory: Memory; links: Link[]; deletedAt: string; reason: DeletionReason; restoring: boolean };
  vector?: number[];
}

/** A namespace state record that belongs to the data (not to one store's layout), by key. */
export interface SettingLine {
  type: 'setting';
  key: string;
  value: Record<string, string | number | boolean>;
}

export interface TrailerLine {
  type: 'trailer';
  counts: RecordCounts;
}

export type RecordLine = MemoryLine | LinkLine | EpisodeLine | TrashLine | SettingLine;
export type ExportLine = HeaderLine | RecordLine | TrailerLine;

/**
 * State keys that describe one store's layout or a run in progress, not the namespace's data: the
 * collection generation, a re-embedding's position. They are never exported nor imported.
 */
export const STORE_LOCAL_STATE_KEYS: readonly string[] = ['collections', 'reembed'];

export function zeroCounts(): RecordCounts {
  return { memory: 0, link: 0, episode: 0, trash: 0, setting: 0 };
}
