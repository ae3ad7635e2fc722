/**
 * `find` through a key index: the candidate ids (ascending) are taken a chunk at a time, their copies
 * read from the index (records without a copy from the store), and only the
 * records the whole filter matches are kept, so an entry whose record is gone or changed never shows.
 * The cursor is the last candidate examined.
 */
import { AppError, chunked } from '@kioku/kernel';
import { matchesFilter, type FindRequest, type Page, type StoredRecord } from '@kioku/vector-store';
import type { KeyedRecord, KeyIndex } from './key-index.port';
import { decodeCursor, encodeCursor } from './paging-cursor';
import { assertLimit } from './record-validation';
import type { RecordStore } from './record-store';

/** Ids per read from the store: reads of a few hundred ids each run side by side on the server. */
const IDS_PER_READ = 200;

export async function findByKeys(
  records: RecordStore,
  index: KeyIndex,
  collection: string,
  candidates: string[],
  request: FindRequest,
): Promise<Page> {
  assertLimit(request.limit);
  const filter = request.filter;
  if (!filter) throw new AppError('INTERNAL', 'A key-indexed find needs a filter.');
  const after = request.cursor === undefined ? undefined : decodeCursor(request.cursor, isId);
  let next = after === undefined ? 0 : candidates.findIndex((id) => id > after);
  if (next < 0) next = candidates.length;
  const found: Page['records'] = [];
  while (found.length < request.limit && next < candidates.length) {
    const chunk = candidates.slice(next, next + request.limit - found.length);
    next += chunk.length;
    const byId = await readRecords(records, index, collection, chunk, request.includeVectors === true);
    for (const id of chunk) {
      const record = byId.get(id);
      if (record && matchesFilter(filter, record.metadata)) found.push(record);
    }
  }
  return next < candidates.length
    ? { records: found, nextCursor: encodeCursor(candidates[next - 1]) }
    : { records: found };
}

/** The records of these ids that exist: their copies, and the store's records where there is none. */
export async function readRecords(
  records: RecordStore,
  index: KeyIndex,
  collection: string,
  ids: string[],
  includeVectors: boolean,
): Promise<Map<string, StoredRecord>> {
  const copies = await index.copies(collection, ids, includeVectors);
  // A copy made before vectors were copied has none: such a record is read from the store.
  const whole = (copy: KeyedRecord | null | undefined): copy is KeyedRecord =>
    !!copy && (!includeVectors || !!copy.vector);
  const uncopied = ids.filter((id) => !whole(copies.get(id)));
  const read = await Promise.all(
    chunked(uncopied, IDS_PER_READ).map((part) => records.get(collection, part, { includeVectors })),
  );
  const byId = new Map<string, StoredRecord>(read.flat().map((r) => [r.id, r]));
  for (const [id, copy] of copies) if (whole(copy)) byId.set(id, copy);
  return byId;
}

function isId(value: unknown): value is string {
  return typeof value === 'string';
}
