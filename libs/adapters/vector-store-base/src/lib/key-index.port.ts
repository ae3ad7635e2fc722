/**
 * An index of chosen metadata keys (`CollectionSpec.indexedKeys`) kept beside a store whose backend
 * scans every record's metadata to filter (Chroma 1.x: a filtered read costs time in proportion to the
 * collection, and reading records back costs time per metadata key). It maps a key's value to record
 * ids, and keeps a copy of each record (metadata, document and vector) so that a read needs nothing
 * from the store.
 *
 * The ids are only ever a superset of the store: entries are added before the records are written
 * and removed after they are deleted, so a crash leaves at most an entry whose record is gone, never
 * a record the index lacks. A copy exists only while its record does: it is written after the store's
 * write and dropped before the store's delete, and an id without one is read from the store (which
 * drops it if its record is gone). Writers hold the records' turns (`RecordLocks`) around these steps,
 * so two writes of one record never interleave them. After a crash between a write and its copy, a
 * changed record reads as it was before that write until the next write or a repair (`stale`, then
 * `reconcile`). Every process that shares the store shares the index (a file).
 */
import type { Metadata, MetadataValue } from '@kioku/vector-store';

/** A record as the index copies it (the vector when the write carried one). */
export interface KeyedRecord {
  id: string;
  metadata: Metadata;
  document: string;
  vector?: number[];
}

export interface KeyIndex {
  /**
   * Starts indexing `keys` of the collection. True when the caller must fill the index from the
   * stored records and then call `markComplete` (new, unfinished, or indexed on other keys before).
   */
  open(collection: string, keys: string[]): Promise<boolean>;
  markComplete(collection: string): Promise<void>;
  /** Whether the collection is indexed (its copies kept), complete or still being filled. */
  isKeyed(collection: string): Promise<boolean>;
  /** The indexed keys of a collection whose index is complete; undefined otherwise (scan instead). */
  completeKeys(collection: string): Promise<string[] | undefined>;
  /**
   * Before a write: adds entries for the indexed keys these records (or metadata patches) carry. With
   * `existingOnly` (a patch, which changes no record that does not exist), only records the index
   * already knows get entries, and no new record is made known. Returns how many records gained an entry.
   */
  add(
    collection: string,
    records: { id: string; metadata: Metadata }[],
    options?: { existingOnly?: boolean },
  ): Promise<number>;
  /** After a write: copies the records as the store now holds them. */
  settle(collection: string, records: KeyedRecord[]): Promise<void>;
  /**
   * Which of these records (as the store holds them, vectors not needed) have entries or a copy that
   * differ from them: an entry missing or left from an old value, no copy, an other copy, a copy
   * without its vector.
   */
  stale(collection: string, records: KeyedRecord[]): Promise<Set<string>>;
  /**
   * Makes the entries and the copy of each record exactly what it holds (read from the store, with its
   * vector, while its turn is held).
   */
  reconcile(collection: string, records: KeyedRecord[]): Promise<void>;
  /** After a metadata patch: merges the keys into the copies. */
  patch(collection: string, patches: { id: string; metadata: Metadata }[]): Promise<void>;
  /** Before a delete: drops the copies of these records (their entries stay until `remove`). */
  unsettle(collection: string, ids: string[]): Promise<void>;
  /**
   * The copies of these records, with their vectors when `withVectors`; null for an id indexed without
   * one (read it from the store).
   */
  copies(collection: string, ids: string[], withVectors?: boolean): Promise<Map<string, KeyedRecord | null>>;
  /** Drops every entry and the copy of these records. */
  remove(collection: string, ids: string[]): Promise<void>;
  /** Ids whose `key` was indexed with one of `values` (a superset of the records that hold them). */
  idsWith(collection: string, key: string, values: MetadataValue[]): Promise<string[]>;
  /** Indexed record ids in ascending order after `afterId` (paging for repairs). */
  idsAfter(collection: string, afterId: string | undefined, limit: number): Promise<string[]>;
  drop(collection: string): Promise<void>;
  close(): Promise<void>;
}
