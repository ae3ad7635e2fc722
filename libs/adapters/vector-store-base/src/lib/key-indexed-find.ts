/**
 * `find` through a key index: the candidate ids (ascending) are read by id, a chunk at a time, and
 * only the records the whole filter matches are kept, so an entry whose record is gone or changed
 * never shows. The cursor is the last candidate examined.
 */
import { AppError, chunked } from '@kioku/kernel';
import { matchesFilter, type FindRequest, type Page } from '@kioku/vector-store';
import { decodeCursor, encodeCursor } from './paging-cursor';
import { assertLimit } from './record-validation';
import type { RecordStore } from './record-store';

/** Ids per read of the records: reads of a few hundred ids each run side by side on the server. */
const IDS_PER_READ = 200;

export async function findByKeys(
  records: RecordStore,
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
    const read = await Promise.all(
      chunked(chunk, IDS_PER_READ).map((ids) =>
        records.get(collection, ids, { includeVectors: request.includeVectors }),
      ),
    );
    const byId = new Map(read.flat().map((r) => [r.id, r]));
    for (const id of chunk) {
      const record = byId.get(id);
      if (record && matchesFilter(filter, record.metadata)) found.push(record);
    }
  }
  return next < candidates.length
    ? { records: found, nextCursor: encodeCursor(candidates[next - 1]) }
    : { records: found };
}

function isId(value: unknown): value is string {
  return typeof value === 'string';
}
