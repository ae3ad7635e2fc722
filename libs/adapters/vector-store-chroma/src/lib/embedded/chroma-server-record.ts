/**
 * `chroma-server.json`: which server runs on a data dir (pid, URL, socket, owner), so that every kioku
 * process on the data dir finds the same one. Written atomically (temp file, rename), 0600.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { ServerTarget } from './chroma-server-probe';

/** What `chroma-server.json` records. */
export interface ChromaServerRecord {
  version: 1;
  pid: number;
  ownerPid: number;
  host: string;
  port: number;
  /** `url` is reachable only through this Unix socket (the server runs in its own network namespace). */
  socketPath?: string;
  url: string;
  persistPath: string;
  startedAt: string;
}

/** The record of a server on `persistPath`, started by `ownerPid` (0: adopted, owner unknown). */
export function newServerRecord(
  server: { pid: number; host: string; port: number; target: ServerTarget; persistPath: string },
  ownerPid: number,
): ChromaServerRecord {
  return {
    version: 1,
    pid: server.pid,
    ownerPid,
    host: server.host,
    port: server.port,
    ...(server.target.socketPath ? { socketPath: server.target.socketPath } : {}),
    url: server.target.url,
    persistPath: server.persistPath,
    startedAt: new Date().toISOString(),
  };
}

/** The recorded server, or undefined when the file is missing, unreadable or of another version. */
export function readServerRecord(file: string): ChromaServerRecord | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<ChromaServerRecord>;
    if (parsed.version === 1 && typeof parsed.pid === 'number' && typeof parsed.url === 'string') {
      return parsed as ChromaServerRecord;
    }
  } catch {
    // missing or unreadable: no server recorded
  }
  return undefined;
}

export function writeServerRecord(file: string, record: ChromaServerRecord): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(record, null, 2) + '\n', { mode: 0o600 });
  renameSync(temporary, file);
}
