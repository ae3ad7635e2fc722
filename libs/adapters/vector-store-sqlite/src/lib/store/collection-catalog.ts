/** The store's collections: their names, dimensions, metadata and indexed keys (`store_collections`). */
import { CollectionNotFoundError, type CollectionInfo, type Metadata } from '@kioku/vector-store';
import { statement, type SqliteDatabase } from '../sqlite/sqlite-driver';

/** A collection as the other tables know it. */
export interface CollectionRow {
  id: number;
  name: string;
  dimension: number;
  metadata: Metadata;
  indexedKeys: string[];
}

interface RawRow {
  id: number;
  name: string;
  dimension: number;
  metadata: string;
  indexed_keys: string;
}

export class CollectionCatalog {
  constructor(private readonly db: SqliteDatabase) {}

  find(name: string): CollectionRow | undefined {
    const row = statement(this.db, 'SELECT * FROM store_collections WHERE name = ?').get(name) as
      RawRow | undefined;
    return row && toCollection(row);
  }

  require(name: string): CollectionRow {
    const row = this.find(name);
    if (!row) throw new CollectionNotFoundError(name);
    return row;
  }

  names(): string[] {
    return statement(this.db, 'SELECT name FROM store_collections').pluck().all() as string[];
  }

  /** Creates the collection; call inside a write transaction, after `find` found none. */
  create(name: string, dimension: number, metadata: Metadata, indexedKeys: string[]): CollectionRow {
    statement(
      this.db,
      'INSERT INTO store_collections (name, dimension, metadata, indexed_keys) VALUES (?, ?, ?, ?)',
    ).run(name, dimension, JSON.stringify(metadata), JSON.stringify(indexedKeys));
    return this.require(name);
  }

  setIndexedKeys(collection: number, keys: string[]): void {
    statement(this.db, 'UPDATE store_collections SET indexed_keys = ? WHERE id = ?').run(
      JSON.stringify(keys),
      collection,
    );
  }

  /** Merges keys into the collection's metadata; call inside a write transaction. */
  mergeMetadata(name: string, metadata: Metadata): void {
    const current = this.require(name);
    statement(this.db, 'UPDATE store_collections SET metadata = ? WHERE id = ?').run(
      JSON.stringify({ ...current.metadata, ...metadata }),
      current.id,
    );
  }

  remove(collection: number): void {
    statement(this.db, 'DELETE FROM store_collections WHERE id = ?').run(collection);
  }
}

export function infoOf(row: CollectionRow): CollectionInfo {
  return { name: row.name, dimension: row.dimension, metadata: { ...row.metadata } };
}

function toCollection(row: RawRow): CollectionRow {
  return {
    id: row.id,
    name: row.name,
    dimension: row.dimension,
    metadata: JSON.parse(row.metadata) as Metadata,
    indexedKeys: JSON.parse(row.indexed_keys) as string[],
  };
}
