import type { VectorStore } from '@kioku/vector-store';

/** A store without `searchText` / `reindexText` of its own: the records a `SideIndexedVectorStore` joins. */
export type RecordStore = Omit<VectorStore, 'searchText' | 'reindexText'>;
