/**
 * How many connections the gateway holds at most when KIOKU_HTTP_MAX_CONNECTIONS is unset: three
 * quarters of the process's descriptor limit (the soft `ulimit -n`), so that the store's sockets, the
 * index files and the logs always find one. Node has no call for the limit; Linux shows it in
 * /proc/self/limits. Elsewhere (or unreadable) there is no total cap, and the per-address cap and the
 * header deadline still hold.
 */
import { readFileSync } from 'node:fs';

const SHARE_FOR_CONNECTIONS = 0.75;

/** The soft limit on open files, when the system tells it. */
export function openFileLimit(limitsFile = '/proc/self/limits'): number | undefined {
  try {
    const line = readFileSync(limitsFile, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    const limit = Number(soft);
    return Number.isInteger(limit) && limit > 0 ? limit : undefined;
  } catch {
    return undefined;
  }
}

/** The total connection cap for the descriptor limit `limitsFile` shows (0: no cap). */
export function defaultMaxConnections(limitsFile?: string): number {
  const limit = openFileLimit(limitsFile);
  return limit === undefined ? 0 : Math.max(1, Math.floor(limit * SHARE_FOR_CONNECTIONS));
}
