/**
 * `RecordLocks` shared by every kioku process on the machine, in the index file beside Chroma: one row
 * per record whose turn is held, with its holder, the holder's pid and the end of its lease. A set of
 * records is taken all at once in one write transaction (or not at all, then tried again a moment
 * later), so holders never wait for each other in a circle. Within the process, turns are first taken
 * in order (`InProcessRecordLocks`), so only other processes contend for the rows.
 *
 * A holder renews its lease while it works; a row whose lease ran out, or whose pid is not alive (a
 * holder killed mid-write), or that a dead holder of this process left (the pid reused), is taken
 * over. What a killed holder left half-written is the integrity job's to repair.
 */
import { randomUUID } from 'node:crypto';
import { delay } from '@kioku/kernel';
import { isProcessAlive } from '@kioku/processes';
import { InProcessRecordLocks, type RecordLocks } from '@kioku/vector-store-base';
import { openIndexDatabase, statement, writeTransaction, type SqliteDatabase } from '../sqlite/sqlite-driver';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS record_locks (
    collection TEXT NOT NULL,
    id TEXT NOT NULL,
    holder TEXT NOT NULL,
    pid INTEGER NOT NULL,
    expires_at INTEGER NOT NULL, -- epoch ms; the holder renews it while it works
    PRIMARY KEY (collection, id)
  ) WITHOUT ROWID;
`;

/** SQLite's default limit on bound parameters is 32 766; stay far below it per statement. */
const IDS_PER_STATEMENT = 500;
/** The first and the longest pause before trying a held set again. */
const FIRST_RETRY_MS = 1;
const LONGEST_RETRY_MS = 25;

/** Holders of this process that are working now: a row of this pid with another holder is a dead one's. */
const liveHolders = new Set<string>();

interface LockRow {
  holder: string;
  pid: number;
  expires_at: number;
}

export interface SqliteRecordLocksOptions {
  /** How long a turn is held without renewal (default 30 s); renewed every third of it. */
  leaseMs?: number;
}

export class SqliteRecordLocks implements RecordLocks {
  private readonly db: SqliteDatabase;
  private readonly inProcess = new InProcessRecordLocks();
  private readonly leaseMs: number;

  constructor(file: string, options: SqliteRecordLocksOptions = {}) {
    this.db = openIndexDatabase(file);
    this.db.exec(SCHEMA);
    this.leaseMs = options.leaseMs ?? 30_000;
  }

  hold<T>(collection: string, ids: string[], work: () => Promise<T>): Promise<T> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return work();
    return this.inProcess.hold(collection, unique, async () => {
      const holder = randomUUID();
      liveHolders.add(holder);
      try {
        for (let pause = FIRST_RETRY_MS; !this.tryTake(collection, unique, holder);) {
          await delay(pause);
          pause = Math.min(pause * 2, LONGEST_RETRY_MS);
        }
        const renewal = setInterval(() => this.renew(holder), this.leaseMs / 3);
        renewal.unref();
        try {
          return await work();
        } finally {
          clearInterval(renewal);
          this.release(holder);
        }
      } finally {
        liveHolders.delete(holder);
      }
    });
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  /** Takes every row at once, or none when another live holder has one. */
  private tryTake(collection: string, ids: string[], holder: string): boolean {
    let taken = false;
    writeTransaction(this.db, () => {
      const now = Date.now();
      for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
        const chunk = ids.slice(i, i + IDS_PER_STATEMENT);
        const rows = statement(
          this.db,
          `SELECT holder, pid, expires_at FROM record_locks
             WHERE collection = ? AND id IN (${chunk.map(() => '?').join(', ')})`,
        ).all(collection, ...chunk) as LockRow[];
        if (rows.some((row) => isHeld(row, now))) return;
      }
      const take = statement(
        this.db,
        'INSERT OR REPLACE INTO record_locks (collection, id, holder, pid, expires_at) VALUES (?, ?, ?, ?, ?)',
      );
      for (const id of ids) take.run(collection, id, holder, process.pid, now + this.leaseMs);
      taken = true;
    });
    return taken;
  }

  private renew(holder: string): void {
    if (!this.db.open) return;
    statement(this.db, 'UPDATE record_locks SET expires_at = ? WHERE holder = ?').run(
      Date.now() + this.leaseMs,
      holder,
    );
  }

  private release(holder: string): void {
    if (!this.db.open) return;
    writeTransaction(this.db, () => {
      statement(this.db, 'DELETE FROM record_locks WHERE holder = ?').run(holder);
    });
  }
}

function isHeld(row: LockRow, now: number): boolean {
  if (row.expires_at <= now) return false;
  if (row.pid === process.pid) return liveHolders.has(row.holder);
  return isProcessAlive(row.pid);
}
