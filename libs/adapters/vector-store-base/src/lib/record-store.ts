import type { QueryRequest, VectorStore } from '@kioku/vector-store';

/** The id and distance of one nearest record, without the record. */
export interface NearestId {
  id: string;
  distance: number;
}

/**
 * A store without `searchText` / `reindexText` / `candidateIds` / `rewrite` of its own: the records a
 * `SideIndexedVectorStore` joins.
 */
export interface RecordStore extends Omit<
  VectorStore,
  'searchText' | 'reindexText' | 'candidateIds' | 'rewrite'
> {
  /** `query` without reading the records back (a side index holds their copies), nearest first. */
  nearestIds(collection: string, request: QueryRequest): Promise<NearestId[]>;
}
