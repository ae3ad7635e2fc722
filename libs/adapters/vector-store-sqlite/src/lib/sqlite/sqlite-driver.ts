/**
 * The SQLite driver for the lexical index: better-sqlite3 13 (N-API, prebuilt for every platform in
 * its package, a dependency) on Node ≥ 22, better-sqlite3 12 on Node 20. 12.x wraps its objects with
 * node::ObjectWrap, and Node ≥ 24.19 aborts the process when the garbage collector finalizes one of
 * its statements ("Assertion failed: (env) != nullptr" in RemoveEnvironmentCleanupHook; seen here on
 * 24.21 at every exit; https://github.com/WiseLibs/better-sqlite3/issues/1515). 13.x fixes it but does
 * not load on Node 20 (it segfaults there). The API kioku uses is the same in both.
 *
 * 12.x compiles at install (no prebuilt binary reaches every machine), so it is only an optional peer
 * dependency: installs on Node 22 and 24 never compile. On Node 20 (past its end of life) it is
 * installed beside kioku (`npm install -g kioku better-sqlite3@12`), where Node finds it. The driver is
 * loaded when the first index opens, so commands that never open one do not need it.
 */
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { AppError } from '@kioku/kernel';

export type SqliteDatabase = BetterSqlite3.Database;
type DatabaseConstructor = typeof BetterSqlite3;

const nodeMajor = Number(process.versions.node.split('.')[0]);
let driver: DatabaseConstructor | undefined;

/** Opens (creating it if needed) the SQLite database file with this Node's driver. */
export function openSqliteDatabase(file: string): SqliteDatabase {
  driver ??= loadDriver();
  return new driver(file);
}

/**
 * Opens an index file beside the store, shared by every kioku process on the machine: WAL mode lets
 * them all read and write it at once, each seeing the others' writes at its next query. The file holds
 * what memories say: it is created 0600, and an older one tightened (-wal and -shm files take its mode).
 */
export function openIndexDatabase(file: string): SqliteDatabase {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  restrictToOwner(file);
  const db = openSqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // Another process's write transaction holds the lock for milliseconds; wait for it.
  db.pragma('busy_timeout = 10000');
  return db;
}

const STATEMENTS_KEPT = 256;
const kept = new WeakMap<SqliteDatabase, Map<string, BetterSqlite3.Statement>>();

/**
 * The database's statement for `sql`, prepared once and kept (the 256 most recently used: a lexical
 * search's text varies with its terms). Preparing on every call took 1.5 s of the gateway's main
 * thread in a 1,000-request load run. A kept statement that returns rows comes back with plucking
 * off, so that a caller's `.pluck()` never carries over to another caller.
 */
export function statement(db: SqliteDatabase, sql: string): BetterSqlite3.Statement {
  let statements = kept.get(db);
  if (!statements) kept.set(db, (statements = new Map<string, BetterSqlite3.Statement>()));
  const prepared = statements.get(sql) ?? db.prepare(sql);
  statements.delete(sql); // set again, as the most recently used
  statements.set(sql, prepared);
  if (statements.size > STATEMENTS_KEPT) statements.delete(statements.keys().next().value as string);
  return prepared.reader ? prepared.pluck(false) : prepared;
}

/**
 * A write transaction that takes the write lock first (BEGIN IMMEDIATE), so that it waits for another
 * process's writer (busy_timeout) instead of failing: a deferred transaction that read first cannot
 * upgrade once another process committed (SQLITE_BUSY_SNAPSHOT), and SQLite does not wait for that
 * (seen with three gateway replicas on one index file).
 */
export function writeTransaction<T>(db: SqliteDatabase, work: () => T): T {
  return db.transaction(work).immediate();
}

function restrictToOwner(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
  try {
    chmodSync(file, 0o600);
  } catch {
    // not ours to change (shared by an administrator): leave it as it is
  }
}

/* eslint-disable @typescript-eslint/no-require-imports -- the driver is chosen at run time */
function loadDriver(): DatabaseConstructor {
  if (nodeMajor >= 22) return require('better-sqlite3-napi') as DatabaseConstructor;
  try {
    return require('better-sqlite3') as DatabaseConstructor;
  } catch (error) {
    throw new AppError(
      'CONFIG_INVALID',
      'On Node 20 kioku needs better-sqlite3 12 installed beside it (it compiles): ' +
        'npm install -g better-sqlite3@12.11.1 (or use Node 22 or later, which needs nothing more).',
      { cause: error },
    );
  }
}
/* eslint-enable @typescript-eslint/no-require-imports */
