/**
 * The store calls the benches time, each split by collection kind (the collection name's last
 * segment: `memories`, `links`…), so "where the time goes" reads the same in every bench.
 */
import type { VectorStore } from '@kioku/vector-store';
import type { OperationProfiler } from './operation-profiler';

const PROFILED_STORE_CALLS: readonly (keyof VectorStore)[] = [
  'query',
  'queryMany',
  'find',
  'candidateIds',
  'get',
  'existingIds',
  'searchText',
  'upsert',
  'insertNew',
  'patchMetadata',
  'count',
  'delete',
  'deleteWhere',
  'ensureCollection',
];

export function profileStore(profiler: OperationProfiler, store: VectorStore): void {
  profiler.instrument(store, 'store', PROFILED_STORE_CALLS, ([collection]) =>
    typeof collection === 'string' ? collection.slice(collection.lastIndexOf('_') + 1) : undefined,
  );
}
