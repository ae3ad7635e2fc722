/**
 * Every int8 code of a collection, in blocks of consecutive ids, each block its own read: a process
 * reading a large collection ahead of its first search (`VectorSearch.preload`) leaves the event loop
 * free between blocks.
 */
import { statement, type SqliteDatabase } from '../sqlite/sqlite-driver';

/** Rows read per block: 6 MB of codes at 768 dimensions, tens of milliseconds of reading. */
const BLOCK_ROWS = 8192;

/** The collection's codes as `[id, code]`, block by block in id order; each code a view of its row. */
export function* codeBlocks(db: SqliteDatabase, collection: number): Generator<[string, Int8Array][]> {
  const block = statement(
    db,
    `SELECT id, code FROM vector_codes WHERE collection = ? AND id > ? ORDER BY id LIMIT ${BLOCK_ROWS}`,
  ).raw(true);
  for (let last = ''; ;) {
    const rows = block.all(collection, last) as [string, Buffer][];
    if (rows.length === 0) return;
    yield rows.map(([id, code]) => [id, new Int8Array(code.buffer, code.byteOffset, code.byteLength)]);
    last = rows[rows.length - 1][0];
  }
}
