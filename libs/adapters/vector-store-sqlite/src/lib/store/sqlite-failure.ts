/**
 * What a SQLite error means for the caller (`StoreFailure`), by its result code
 * (https://www.sqlite.org/rescode.html): a database that is locked past the wait, a full or
 * unreadable disk, a file it may not open or write, or a damaged file is unavailable, not a bug of
 * the caller's; anything else is unexpected. The message never carries the file path or values.
 */
import { toPortError, type StoreBackend, type StoreFailure } from '@kioku/vector-store-base';

const UNAVAILABLE = [
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SQLITE_CANTOPEN',
  'SQLITE_READONLY',
  'SQLITE_PROTOCOL',
  'SQLITE_CORRUPT',
  'SQLITE_NOTADB',
  'SQLITE_PERM',
];

const SQLITE_BACKEND: StoreBackend = {
  name: 'sqlite',
  credentials: "the data dir's owner and permissions",
};

function sqliteFailure(error: unknown): StoreFailure {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return { kind: 'other' };
  return UNAVAILABLE.some((prefix) => code === prefix || code.startsWith(`${prefix}_`))
    ? { kind: 'unavailable' }
    : { kind: 'other' };
}

/** Runs `work`, turning a SQLite error into the port's error (AppErrors pass through unchanged). */
export function mappingSqliteErrors<T>(work: () => T, collection?: string): T {
  try {
    return work();
  } catch (error) {
    throw toPortError(SQLITE_BACKEND, error, sqliteFailure(error), collection);
  }
}
