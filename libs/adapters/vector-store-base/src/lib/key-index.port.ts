/**
 * An index of chosen metadata keys (`CollectionSpec.indexedKeys`) kept beside a store whose backend
 * scans every record's metadata to filter (Chroma 1.x: a filtered read costs time in proportion to the
 * collection). It maps a key's value to record ids and is only ever a superset of the store: entries
 * are added before the records are written and removed after they are deleted, so a crash or a race
 * leaves at most an entry whose record is gone or changed, which readers drop by checking the records,
 * never a record the index lacks. Every process that shares the store shares the index (a file).
 */
import type { Metadata, MetadataValue } from '@kioku/vector-store';

export interface KeyIndex {
  /**
   * Starts indexing `keys` of the collection. True when the caller must fill the index from the
   * stored records and then call `markComplete` (new, unfinished, or indexed on other keys before).
   */
  open(collection: string, keys: string[]): Promise<boolean>;
  markComplete(collection: string): Promise<void>;
  /** The indexed keys of a collection whose index is complete; undefined otherwise (scan instead). */
  completeKeys(collection: string): Promise<string[] | undefined>;
  /** Adds entries for the indexed keys these records (or metadata patches) carry; how many records gained an entry. */
  add(collection: string, records: { id: string; metadata: Metadata }[]): Promise<number>;
  /** Drops every entry of these records. */
  remove(collection: string, ids: string[]): Promise<void>;
  /** Ids whose `key` was indexed with one of `values` (a superset of the records that hold them). */
  idsWith(collection: string, key: string, values: MetadataValue[]): Promise<string[]>;
  /** Indexed record ids in ascending order after `afterId` (paging for repairs). */
  idsAfter(collection: string, afterId: string | undefined, limit: number): Promise<string[]>;
  drop(collection: string): Promise<void>;
  close(): Promise<void>;
}
