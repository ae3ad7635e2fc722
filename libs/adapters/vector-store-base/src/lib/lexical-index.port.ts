/**
 * A BM25 index kept beside a store whose backend has none (single-node Chroma has no sparse index).
 * `SideIndexedVectorStore` keeps it in step with the store's writes. Every process that shares
 * the store must share the index too (a file on the machine, not a per-process copy).
 */
import type { Filter, Metadata } from '@kioku/vector-store';

export interface IndexableDocument {
  id: string;
  document: string;
  metadata: Metadata;
}

/** One document found by a lexical search, with its BM25 score (higher is better). */
export interface LexicalHit {
  id: string;
  score: number;
}

export interface LexicalIndex {
  /** Makes the collection indexed; true when it was not indexed before (the caller fills it). */
  open(collection: string): Promise<boolean>;
  isIndexed(collection: string): Promise<boolean>;
  /** Forgets the collection and all its entries. */
  drop(collection: string): Promise<void>;
  /** Indexes or re-indexes documents (no-op for a collection that is not indexed). */
  upsert(collection: string, documents: IndexableDocument[]): Promise<void>;
  /** Merges metadata keys into indexed entries (filters read them). */
  patchMetadata(collection: string, patches: { id: string; metadata: Metadata }[]): Promise<void>;
  delete(collection: string, ids: string[]): Promise<void>;
  deleteWhere(collection: string, filter: Filter): Promise<void>;
  /** BM25 over the whole collection, the filter applied inside the index, best first. */
  search(collection: string, text: string, limit: number, filter?: Filter): Promise<LexicalHit[]>;
  /** The metadata the filters of the indexed ones among `ids` read. */
  indexedMetadata(collection: string, ids: string[]): Promise<Map<string, Metadata>>;
  /** Indexed ids in ascending order after `afterId` (paging for repairs). */
  idsAfter(collection: string, afterId: string | undefined, limit: number): Promise<string[]>;
  close(): Promise<void>;
}
