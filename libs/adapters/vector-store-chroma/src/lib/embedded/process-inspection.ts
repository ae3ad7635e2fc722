/**
 * Facts about other processes, read from the OS: a process's command line, and which Chroma servers run
 * on a given persist path. Linux details come from /proc; elsewhere the functions return "unknown".
 * Liveness and start time (shared with the file lock) live in `@kioku/kernel`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { isProcessAlive } from '@kioku/processes';

/** The process's argument vector, or undefined when it cannot be read. */
export function processCommandLine(pid: number): string[] | undefined {
  try {
    const raw = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return raw.split('\0').filter((arg) => arg.length > 0);
  } catch {
    return undefined;
  }
}

export interface ChromaServerProcess {
  pid: number;
  /** The `--port` argument, when present. */
  port?: number;
  host?: string;
}

/** True when the argument vector is `… chroma CLI … run … --path <persistPath> …`. */
export function isChromaServerFor(args: string[], persistPath: string): boolean {
  const runsCli = args.some((arg) => /(^|[/\\])(chroma-cli\.mjs|cli\.mjs|chroma)$/.test(arg));
  const pathIndex = args.indexOf('--path');
  return runsCli && args.includes('run') && pathIndex >= 0 && args[pathIndex + 1] === persistPath;
}

/** Live Chroma server processes (any owner) serving `persistPath`; empty where /proc is not available. */
export function findChromaServerProcesses(persistPath: string): ChromaServerProcess[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const found: ChromaServerProcess[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const args = processCommandLine(pid);
    if (!args || !isChromaServerFor(args, persistPath) || !isProcessAlive(pid)) continue;
    const portIndex = args.indexOf('--port');
    const hostIndex = args.indexOf('--host');
    const port = portIndex >= 0 ? Number(args[portIndex + 1]) : undefined;
    found.push({
      pid,
      port: port !== undefined && Number.isInteger(port) ? port : undefined,
      host: hostIndex >= 0 ? args[hostIndex + 1] : undefined,
    });
  }
  return found;
}
