/**
 * The records of the in-process store: their metadata and documents (`records`), their vectors
 * (`vectors`) and the ids by value of their indexed keys (`record_keys`). Writes run inside the
 * caller's write transaction, which also keeps the lexical tables and the vector log in step; reads
 * are plain statements (each one a consistent snapshot).
 */
import type { Filter, Metadata, StoredRecord, TextFilter, VectorRecord } from '@kioku/vector-store';
import { statement, type SqliteDatabase } from '../sqlite/sqlite-driver';
import { IN_LIST, jsonList } from '../sqlite/json-list';
import { float32Of, fromBlob, toBlob } from '../sqlite/vector-blob';
import { quantize } from './quantize';
import type { CollectionRow } from './collection-catalog';
import { keyedIds, recordCondition } from './record-filter';

/** Codes read per block by `codeBlocks`: 6 MB at 768 dimensions, tens of milliseconds of reading. */
const CODES_PER_BLOCK = 8192;
/** Every table with a row per record. */
const TABLES = ['records', 'vectors', 'vector_codes', 'record_keys'];

interface RecordRow {
  id: string;
  metadata: string;
  document: string;
  vector?: Buffer | null;
}

export class RecordTables {
  constructor(private readonly db: SqliteDatabase) {}

  /** Writes whole records (replacing any stored version) with their vectors and keys. */
  write(collection: CollectionRow, records: readonly VectorRecord[]): void {
    const record = statement(
      this.db,
      'INSERT OR REPLACE INTO records (collection, id, metadata, document) VALUES (?, ?, ?, ?)',
    );
    const vector = statement(
      this.db,
      'INSERT OR REPLACE INTO vectors (collection, id, vector) VALUES (?, ?, ?)',
    );
    const code = statement(
      this.db,
      'INSERT OR REPLACE INTO vector_codes (collection, id, code) VALUES (?, ?, ?)',
    );
    for (const r of records) {
      record.run(collection.id, r.id, JSON.stringify(r.metadata), r.document);
      vector.run(collection.id, r.id, toBlob(r.vector));
      const bytes = quantize(r.vector);
      code.run(collection.id, r.id, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      this.writeKeys(collection, r.id, r.metadata);
    }
  }

  /** Which of `ids` are stored, in the order of `ids`, each once. */
  existing(collection: number, ids: readonly string[]): string[] {
    const found = new Set(
      statement(this.db, `SELECT id FROM records WHERE collection = ? AND id IN ${IN_LIST}`)
        .pluck()
        .all(collection, jsonList(ids)) as string[],
    );
    return [...new Set(ids)].filter((id) => found.has(id));
  }

  /** The stored records with these ids, by id (with their vectors when asked for). */
  read(collection: number, ids: readonly string[], withVectors: boolean): Map<string, StoredRecord> {
    const rows = statement(
      this.db,
      `SELECT r.id AS id, r.metadata AS metadata, r.document AS document
         ${withVectors ? ', v.vector AS vector' : ''}
         FROM records r
         ${withVectors ? 'LEFT JOIN vectors v ON v.collection = r.collection AND v.id = r.id' : ''}
         WHERE r.collection = ? AND r.id IN ${IN_LIST}`,
    ).all(collection, jsonList(ids)) as RecordRow[];
    return new Map(rows.map((row) => [row.id, toStored(row)]));
  }

  /** The float32 vectors of these ids, by id (missing ids left out). */
  vectors(collection: number, ids: readonly string[]): Map<string, Float32Array> {
    const rows = statement(
      this.db,
      `SELECT id, vector FROM vectors WHERE collection = ? AND id IN ${IN_LIST}`,
    ).all(collection, jsonList(ids)) as { id: string; vector: Buffer }[];
    return new Map(rows.map((row) => [row.id, float32Of(row.vector)]));
  }

  /** How many vectors the collection holds. */
  vectorCount(collection: number): number {
    return statement(this.db, 'SELECT COUNT(*) FROM vector_codes WHERE collection = ?')
      .pluck()
      .get(collection) as number;
  }

  /**
   * Calls `each` with the int8 code of each of these ids (missing ids left out), or of every vector of
   * the collection; the code is a view valid during the call. Rows come as arrays (`raw`), which halves
   * the cost of reading a large collection.
   */
  eachCode(collection: number, each: (id: string, code: Int8Array) => void, ids?: readonly string[]): void {
    const apply = (rows: Iterable<unknown[]>) => {
      for (const [id, code] of rows as Iterable<[string, Buffer]>) each(id, codeView(code));
    };
    if (!ids) {
      const all = this.db.prepare('SELECT id, code FROM vector_codes WHERE collection = ?').raw(true);
      apply(all.iterate(collection) as Iterable<unknown[]>);
      return;
    }
    const some = statement(
      this.db,
      `SELECT id, code FROM vector_codes WHERE collection = ? AND id IN ${IN_LIST}`,
    ).raw(true);
    apply(some.all(collection, jsonList(ids)) as unknown[][]);
  }

  /**
   * Every int8 code of the collection as `[id, code]`, in blocks of consecutive ids, each block its
   * own read: a caller reading a large collection ahead of its first search leaves the event loop free
   * between blocks. The codes are views of their rows.
   */
  *codeBlocks(collection: number): Generator<[string, Int8Array][]> {
    const block = statement(
      this.db,
      `SELECT id, code FROM vector_codes WHERE collection = ? AND id > ? ORDER BY id LIMIT ${CODES_PER_BLOCK}`,
    ).raw(true);
    for (let last = ''; ;) {
      const rows = block.all(collection, last) as [string, Buffer][];
      if (rows.length === 0) return;
      yield rows.map(([id, code]) => [id, codeView(code)]);
      last = rows[rows.length - 1][0];
    }
  }

  /** Merges metadata into stored records; returns the patched records' whole metadata (missing ids left out). */
  patch(
    collection: CollectionRow,
    patches: readonly { id: string; metadata: Metadata }[],
  ): { id: string; metadata: Metadata }[] {
    const current = statement(
      this.db,
      'SELECT metadata FROM records WHERE collection = ? AND id = ?',
    ).pluck();
    const update = statement(this.db, 'UPDATE records SET metadata = ? WHERE collection = ? AND id = ?');
    const merged: { id: string; metadata: Metadata }[] = [];
    for (const p of patches) {
      const stored = current.get(collection.id, p.id) as string | undefined;
      if (stored === undefined) continue;
      // Merged here rather than with json_patch, which writes numbers with 15 significant digits.
      const metadata = { ...(JSON.parse(stored) as Metadata), ...p.metadata };
      update.run(JSON.stringify(metadata), collection.id, p.id);
      if (collection.indexedKeys.some((key) => key in p.metadata)) this.writeKeys(collection, p.id, metadata);
      merged.push({ id: p.id, metadata });
    }
    return merged;
  }

  /** Removes records, their vectors and their keys. */
  remove(collection: number, ids: readonly string[]): void {
    for (const table of TABLES) {
      const remove = statement(this.db, `DELETE FROM ${table} WHERE collection = ? AND id = ?`);
      for (const id of ids) remove.run(collection, id);
    }
  }

  removeCollection(collection: number): void {
    for (const table of TABLES) {
      statement(this.db, `DELETE FROM ${table} WHERE collection = ?`).run(collection);
    }
  }

  /** A page of records after `after` (by id), matching the filters; `limit + 1` tells if more follow. */
  page(
    collection: CollectionRow,
    request: { filter?: Filter; text?: TextFilter; after?: string; limit: number; withVectors: boolean },
  ): StoredRecord[] {
    const where = recordCondition(collection.id, request.filter, request.text, collection.indexedKeys);
    const rows = statement(
      this.db,
      `SELECT r.id AS id, r.metadata AS metadata, r.document AS document
         ${request.withVectors ? ', v.vector AS vector' : ''}
         FROM records r
         ${request.withVectors ? 'LEFT JOIN vectors v ON v.collection = r.collection AND v.id = r.id' : ''}
         WHERE r.collection = ? AND r.id > ? AND ${where.sql}
         ORDER BY r.id LIMIT ?`,
    ).all(collection.id, request.after ?? '', ...where.params, request.limit) as RecordRow[];
    return rows.map(toStored);
  }

  /** The ids of the records the filters match, ascending (only among `among`, when given). */
  matchingIds(
    collection: CollectionRow,
    filter: Filter | undefined,
    text?: TextFilter,
    among?: readonly string[],
  ): string[] {
    const where = recordCondition(collection.id, filter, text, collection.indexedKeys);
    const only = among ? `AND r.id IN ${IN_LIST}` : '';
    return statement(
      this.db,
      `SELECT r.id FROM records r WHERE r.collection = ? ${only} AND ${where.sql} ORDER BY r.id`,
    )
      .pluck()
      .all(collection.id, ...(among ? [jsonList(among)] : []), ...where.params) as string[];
  }

  /**
   * The ids the filter may match, ascending: where the indexed keys answer it, the ids they name, read
   * from the keys alone (a superset, as the port allows: a link lookup over a pool of memories read
   * every link's metadata to check again what its keys already said); otherwise the ids it matches.
   */
  candidateIds(collection: CollectionRow, filter: Filter): string[] {
    const ids = keyedIds(collection.id, filter, collection.indexedKeys);
    if (!ids) return this.matchingIds(collection, filter);
    return statement(this.db, `SELECT DISTINCT id FROM (${ids.sql}) ORDER BY id`)
      .pluck()
      .all(...ids.params) as string[];
  }

  count(collection: CollectionRow, filter?: Filter): number {
    const where = recordCondition(collection.id, filter, undefined, collection.indexedKeys);
    return statement(this.db, `SELECT COUNT(*) FROM records r WHERE r.collection = ? AND ${where.sql}`)
      .pluck()
      .get(collection.id, ...where.params) as number;
  }

  /** Writes the key entries of every stored record again (the collection's keys changed). */
  rekey(collection: CollectionRow): void {
    statement(this.db, 'DELETE FROM record_keys WHERE collection = ?').run(collection.id);
    const rows = statement(this.db, 'SELECT id, metadata FROM records WHERE collection = ?').all(
      collection.id,
    ) as { id: string; metadata: string }[];
    for (const row of rows) this.writeKeys(collection, row.id, JSON.parse(row.metadata) as Metadata);
  }

  private writeKeys(collection: CollectionRow, id: string, metadata: Metadata): void {
    if (collection.indexedKeys.length === 0) return;
    statement(this.db, 'DELETE FROM record_keys WHERE collection = ? AND id = ?').run(collection.id, id);
    const insert = statement(
      this.db,
      'INSERT OR IGNORE INTO record_keys (collection, key, value, id) VALUES (?, ?, ?, ?)',
    );
    for (const key of collection.indexedKeys) {
      const value = metadata[key];
      if (value !== undefined) insert.run(collection.id, key, JSON.stringify(value), id);
    }
  }
}

function toStored(row: RecordRow): StoredRecord {
  const record: StoredRecord = {
    id: row.id,
    metadata: JSON.parse(row.metadata) as Metadata,
    document: row.document,
  };
  if (row.vector) record.vector = fromBlob(row.vector);
  return record;
}

/** A code's bytes as int8, without a copy. */
function codeView(code: Buffer): Int8Array {
  return new Int8Array(code.buffer, code.byteOffset, code.byteLength);
}
