/**
 * JSON bodies for Chroma record writes that keep every metadata number a float.
 *
 * Chroma stores JSON `3` as an int and `3.0` as a float, and its SQLite filter truncates a non-integer
 * bound before comparing it with ints (`$eq: 2.5` matches a stored `2`, `$lt: 2.5` misses it; see
 * https://github.com/chroma-core/chroma/issues/7491). JavaScript has one number type and
 * `JSON.stringify(3)` is `3`, so the adapter writes record metadata itself and prints integral numbers
 * as `3.0`; int and float bounds both compare exactly against floats. A `null` value deletes the key
 * (https://github.com/chroma-core/chroma/pull/4112), which the JS client cannot send because it drops
 * nulls.
 */
import type { MetadataValue } from '@kioku/vector-store';

export type MetadataWrite = Record<string, MetadataValue | null>;

export interface RecordWriteBody {
  ids: string[];
  embeddings?: number[][];
  metadatas?: MetadataWrite[];
  documents?: string[];
}

export function recordWriteJson(body: RecordWriteBody): string {
  const parts = [`"ids":${JSON.stringify(body.ids)}`];
  if (body.embeddings) parts.push(`"embeddings":${JSON.stringify(body.embeddings)}`);
  if (body.metadatas) parts.push(`"metadatas":[${body.metadatas.map(metadataJson).join(',')}]`);
  if (body.documents) parts.push(`"documents":${JSON.stringify(body.documents)}`);
  return `{${parts.join(',')}}`;
}

export function metadataJson(metadata: MetadataWrite): string {
  const entries = Object.entries(metadata).map(
    ([key, value]) => `${JSON.stringify(key)}:${valueJson(value)}`,
  );
  return `{${entries.join(',')}}`;
}

function valueJson(value: MetadataValue | null): string {
  if (typeof value === 'number') return floatJson(value);
  return JSON.stringify(value);
}

/** A finite number as a JSON literal that JSON parsers read as a float (`3` → `3.0`). */
export function floatJson(value: number): string {
  const text = JSON.stringify(value);
  return /[.eE]/.test(text) ? text : `${text}.0`;
}
