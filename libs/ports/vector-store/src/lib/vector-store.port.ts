/**
 * The vector-store port: named collections of records (id, vector, flat metadata, document text).
 *
 * Conventions every adapter honours (the contract suite in `@kioku/testing-contracts` checks them):
 * - Ids are arbitrary non-empty strings (not necessarily UUIDs); adapters map them if their backend
 *   needs another form and always return the original id.
 * - Distances are **cosine distances**: 0 = same direction, 1 = orthogonal, 2 = opposite. Query results
 *   are ordered by ascending distance.
 * - `upsert` replaces a whole record (vector, metadata and document) with the same id; it is idempotent.
 * - Concurrent writes of a record, from any process, leave one of the written versions, and once they
 *   have returned every read (by id, filter, vector, text, counts) shows that version and no trace of
 *   the others.
 * - Metadata values are flat scalars (string, number, boolean); no nested objects, no null.
 * - Operations on a missing collection throw `CollectionNotFoundError`, except `describeCollection`
 *   (returns null), `ensureCollection` (creates it) and `deleteCollection` (no-op).
 * - A vector whose length differs from the collection's dimension throws `DimensionMismatchError`.
 * - An unreachable backend throws `StoreUnavailableError`.
 * - A collection created with `lexical: true` keeps a BM25 index of its documents in step with every
 *   write (see `searchText`); the index sees every write of every process that shares the store.
 */
import type { Filter, Metadata, TextFilter } from './filter';

export interface VectorRecord {
  id: string;
  vector: number[];
  metadata: Metadata;
  /** Free text stored with the record; searchable through `TextFilter`. */
  document: string;
}

/** A record as read back; the vector is present only when it was asked for. */
export interface StoredRecord {
  id: string;
  vector?: number[];
  metadata: Metadata;
  document: string;
}

export interface QueryMatch extends StoredRecord {
  /** Cosine distance to the query vector (ascending order in results). */
  distance: number;
}

export interface CollectionSpec {
  /** Length of every vector in the collection. */
  dimension: number;
  /** Collection-level metadata written at creation (e.g. the embedding model id). */
  metadata?: Metadata;
  /**
   * Keep a full-text (BM25) index of the documents for `searchText`. Asking for it on an existing
   * collection that has none builds it from the stored documents.
   */
  lexical?: boolean;
  /**
   * Metadata keys that `find` filters look up by exact value (`eq`, `in`, and `or`/`and` of them).
   * A speed hint only, the results are the same with or without it: a store whose backend scans its
   * metadata for such a filter keeps an index of these keys beside it.
   */
  indexedKeys?: string[];
  /**
   * Records are read back often, by id and by text, without their vectors. A speed hint only, the
   * results are the same with or without it: a store whose backend reads records slowly keeps a copy
   * of each record's metadata and document beside it for those reads (`indexedKeys` implies it there).
   */
  readCopies?: boolean;
}

export interface CollectionInfo {
  name: string;
  dimension: number;
  metadata: Metadata;
}

export interface QueryRequest {
  vector: number[];
  /** Maximum number of matches (≥ 1). */
  limit: number;
  filter?: Filter;
  text?: TextFilter;
  includeVectors?: boolean;
}

export interface TextSearchRequest {
  /** Free text; analysed like the documents (see `analyzeText`). No index term → no matches. */
  text: string;
  /** Maximum number of matches (≥ 1). */
  limit: number;
  filter?: Filter;
  includeVectors?: boolean;
}

export interface TextMatch extends StoredRecord {
  /** BM25 score (> 0; higher is better; descending order in results). */
  score: number;
}

/** What a lexical-index repair or rebuild did. */
export interface LexicalIndexReport {
  /** Records written to the index (missing or stale). */
  indexed: number;
  /** Index entries removed because their record no longer exists. */
  removed: number;
}

export interface FindRequest {
  filter?: Filter;
  text?: TextFilter;
  /** Maximum number of records in this page (≥ 1). */
  limit: number;
  /** Opaque cursor from a previous page's `nextCursor`; absent for the first page. */
  cursor?: string;
  includeVectors?: boolean;
}

export interface Page {
  records: StoredRecord[];
  /** Present when more records may follow; pass it back to read the next page. */
  nextCursor?: string;
}

export interface UpsertOptions {
  /**
   * The caller guarantees that no stored version of these records has a metadata key the new version
   * lacks (the ids are new, or the records always carry the same keys). Adapters whose backend merges
   * metadata on write may then skip clearing removed keys (a read before the write).
   */
  noStaleKeys?: boolean;
}

export interface VectorStore {
  /** A short backend name for messages, e.g. `chroma`. */
  readonly backend: string;

  /**
   * Creates the collection if it does not exist (cosine space) and returns its info. When it exists,
   * returns the existing info unchanged (its dimension and metadata may differ from `spec`: callers
   * compare them). Safe to call concurrently from several processes.
   */
  ensureCollection(name: string, spec: CollectionSpec): Promise<CollectionInfo>;

  /**
   * Readies an existing collection for its first search ahead of time (an in-process store reads its
   * vectors into memory), leaving the event loop free for other calls meanwhile. Optional: stores whose
   * searches need nothing ready leave it out. Changes no record; a failure leaves the work to the first
   * search.
   */
  prepare?(collection: string): Promise<void>;

  /** The names of every collection in the store, in no particular order (e.g. to find the namespaces). */
  listCollections(): Promise<string[]>;

  /** The collection's info, or null when it does not exist. */
  describeCollection(name: string): Promise<CollectionInfo | null>;

  /** Replaces the collection-level metadata (merging keys). */
  updateCollectionMetadata(name: string, metadata: Metadata): Promise<void>;

  /** Removes the collection and its records; no-op when it does not exist. */
  deleteCollection(name: string): Promise<void>;

  /** Inserts or replaces records by id, all in one request. Empty input is a no-op. */
  upsert(collection: string, records: VectorRecord[], options?: UpsertOptions): Promise<void>;

  /**
   * Writes only the records whose id is not stored yet; a stored id keeps its version. The first
   * write of an id to reach the store wins, whatever process made it, and every later read returns
   * that version: coordination records (claims, leases) are built on this. Read the ids back to learn
   * which version won. Empty input is a no-op.
   */
  insertNew(collection: string, records: VectorRecord[]): Promise<void>;

  /**
   * Merges the given metadata keys into existing records (other keys, vector and document unchanged).
   * Ids that do not exist are ignored.
   */
  patchMetadata(collection: string, patches: { id: string; metadata: Metadata }[]): Promise<void>;

  /**
   * Reads each record of `ids` (with its vector) and writes what `change` returns for it (same id), or
   * leaves it as it is when `change` returns null; missing ids are skipped. Where the store can, each
   * record's read and write are one step for every other write of every process that shares it, so a
   * change computed from a record never undoes a write that landed in between (repairs that derive a
   * record from itself); an adapter that cannot says so. Returns the ids written.
   */
  rewrite(
    collection: string,
    ids: string[],
    change: (record: StoredRecord) => VectorRecord | null,
  ): Promise<string[]>;

  /** Records with the given ids, in the order of `ids`, skipping missing ones. */
  get(collection: string, ids: string[], options?: { includeVectors?: boolean }): Promise<StoredRecord[]>;

  /**
   * Which of `ids` are stored, in the order of `ids` and each once, without reading the records: an
   * existence check costs a fraction of a `get` (no metadata or document crosses the wire).
   */
  existingIds(collection: string, ids: string[]): Promise<string[]>;

  /** A page of records matching the filters, in a stable order; page through with `nextCursor`. */
  find(collection: string, request: FindRequest): Promise<Page>;

  /**
   * The ids of the records `filter` may match, ascending, without reading the records: every match's
   * id, and where the store answers from an index on `indexedKeys`, possibly ids whose record no longer
   * matches (a key changed since, a write that failed). For callers that know from an id which records
   * they want: `get` those to have them as stored.
   */
  candidateIds(collection: string, filter: Filter): Promise<string[]>;

  /** The nearest records to a vector, ascending cosine distance, with filters applied in the store. */
  query(collection: string, request: QueryRequest): Promise<QueryMatch[]>;

  /**
   * Several similarity queries of one collection: the i-th answer is what `query` answers for the
   * i-th request. One round trip where the backend takes several query vectors at once (a batch
   * remember asks for every item's neighbours); otherwise the same as calling `query` for each.
   */
  queryMany(collection: string, requests: QueryRequest[]): Promise<QueryMatch[][]>;

  /**
   * Full-text search of a `lexical` collection: BM25 (k1 0.9, b 0.4) with document frequencies over
   * the whole collection, the filter applied inside the index, best first. A collection without a
   * lexical index has no matches.
   */
  searchText(collection: string, request: TextSearchRequest): Promise<TextMatch[]>;

  /**
   * Brings the lexical index of a collection in line with its records: `repair` indexes records the
   * index lacks and removes entries whose record is gone; `rebuild` re-indexes every record too. On
   * a collection with `indexedKeys` whose store keeps a key index beside it, repairs that index.
   * Idempotent: a run cut short is finished by running it again. `onProgress` gets records seen so far.
   */
  reindexText(
    collection: string,
    options: { mode: 'repair' | 'rebuild'; onProgress?: (seen: number) => void },
  ): Promise<LexicalIndexReport>;

  /** Number of records (matching the filter, if given). */
  count(collection: string, filter?: Filter): Promise<number>;

  /** Removes records by id; missing ids are ignored. */
  delete(collection: string, ids: string[]): Promise<void>;

  /** Removes every record matching the filter. */
  deleteWhere(collection: string, filter: Filter): Promise<void>;
}
