/**
 * The log of vector writes (`vector_changes`): each write or delete of a vector appends its id in the
 * same transaction, so a process that holds a collection's vectors in memory reads what changed since
 * it last looked (its watermark) and nothing else. The log keeps the last `RETAINED_VECTOR_CHANGES` entries; a reader
 * whose watermark fell behind what was dropped reads the whole collection again.
 */
import { statement, type SqliteDatabase } from '../sqlite/sqlite-driver';

/** Entries kept: at 100 bytes each, a few MB; a process idle for longer than that many writes reloads. */
const RETAINED_VECTOR_CHANGES = 50_000;
const PRUNED_THROUGH = 'vector_changes_pruned_through';

export class VectorChanges {
  /** How often (in entries) a writer drops what is past the entries kept. */
  private readonly pruneEvery: number;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly retained = RETAINED_VECTOR_CHANGES,
  ) {
    this.pruneEvery = Math.max(1, Math.ceil(retained / 50));
  }

  /** Records that these vectors changed; call inside the write transaction that changed them. */
  append(collection: number, ids: readonly string[]): void {
    const insert = statement(this.db, 'INSERT INTO vector_changes (collection, id) VALUES (?, ?)');
    let last = 0;
    for (const id of ids) last = Number(insert.run(collection, id).lastInsertRowid);
    if (last > 0 && Math.floor(last / this.pruneEvery) > Math.floor((last - ids.length) / this.pruneEvery)) {
      this.prune(last - this.retained);
    }
  }

  /** The last entry's number (0 when none was ever written). */
  head(): number {
    return (statement(this.db, "SELECT seq FROM sqlite_sequence WHERE name = 'vector_changes'")
      .pluck()
      .get() ?? 0) as number;
  }

  /** The ids changed after `watermark`, or undefined when the log no longer reaches back that far. */
  since(collection: number, watermark: number): Set<string> | undefined {
    if (watermark < this.prunedThrough()) return undefined;
    const ids = statement(this.db, 'SELECT id FROM vector_changes WHERE collection = ? AND seq > ?')
      .pluck()
      .all(collection, watermark) as string[];
    return new Set(ids);
  }

  private prunedThrough(): number {
    const value = statement(this.db, 'SELECT value FROM store_settings WHERE key = ?')
      .pluck()
      .get(PRUNED_THROUGH) as string | undefined;
    return value === undefined ? 0 : Number(value);
  }

  private prune(through: number): void {
    if (through <= 0) return;
    statement(this.db, 'DELETE FROM vector_changes WHERE seq <= ?').run(through);
    statement(this.db, 'INSERT OR REPLACE INTO store_settings (key, value) VALUES (?, ?)').run(
      PRUNED_THROUGH,
      String(through),
    );
  }
}
