/**
 * The SQLite driver for the lexical index: better-sqlite3 13 (N-API, prebuilt in its package) on
 * Node ≥ 22, better-sqlite3 12 on Node 20. 12.x wraps its objects with node::ObjectWrap, and Node
 * ≥ 24.19 aborts the process when the garbage collector finalizes one of its statements ("Assertion
 * failed: (env) != nullptr" in RemoveEnvironmentCleanupHook; seen here on 24.21 at every exit;
 * https://github.com/WiseLibs/better-sqlite3/issues/1515). 13.x fixes it but does not load on
 * Node 20 (it segfaults there). The API kioku uses is the same in both.
 */
import type BetterSqlite3 from 'better-sqlite3';

export type SqliteDatabase = BetterSqlite3.Database;
type DatabaseConstructor = typeof BetterSqlite3;

const nodeMajor = Number(process.versions.node.split('.')[0]);

/* eslint-disable @typescript-eslint/no-require-imports -- the driver is chosen at run time */
export const SqliteDatabase: DatabaseConstructor =
  nodeMajor >= 22
    ? (require('better-sqlite3-napi') as DatabaseConstructor)
    : (require('better-sqlite3') as DatabaseConstructor);
/* eslint-enable @typescript-eslint/no-require-imports */
