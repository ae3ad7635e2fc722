/**
 * Facts about other processes, read from the OS: whether a pid is alive, when it started (to tell a
 * reused pid from the original), and which Chroma servers run on a given persist path. Linux details
 * come from /proc; elsewhere the functions degrade to `process.kill(pid, 0)` and "unknown".
 */
import { readFileSync, readdirSync } from 'node:fs';

/** True when a process with this pid exists and is not a zombie. */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return procStat(pid)?.state !== 'Z';
}

/** The kernel's start time of the process (clock ticks since boot), or undefined when unknown. */
export function processStartTime(pid: number): string | undefined {
  return procStat(pid)?.startTime;
}

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
  const runsCli = args.some((arg) => /(^|[/\\])(cli\.mjs|chroma)$/.test(arg));
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

function procStat(pid: number): { state: string; startTime: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may contain spaces: split after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], startTime: fields[19] };
  } catch {
    return undefined;
  }
}
