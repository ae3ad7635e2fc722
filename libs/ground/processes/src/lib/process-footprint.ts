/**
 * What a running process has opened to the world, read from Linux's /proc (the emulated arm64 process
 * under qemu-user and Wine's processes are Linux processes too): the sockets it listens on (TCP and UDP
 * ports, Unix socket paths) and the processes it started. Tests hold kioku to its promise with it: the
 * default store adds none of them.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { procStatFields } from './proc-stat';

export interface Listening {
  /** `tcp:<port>` / `udp:<port>` for each port the process listens on (or has bound, for UDP). */
  ports: string[];
  /** The paths (or `@abstract` names) of the Unix sockets it listens on. */
  unix: string[];
}

/** The process's listening sockets. */
export function listeningSockets(pid: number): Listening {
  const inodes = socketInodes(pid);
  const ports = [
    ...boundPorts(pid, 'tcp', inodes),
    ...boundPorts(pid, 'tcp6', inodes),
    ...boundPorts(pid, 'udp', inodes),
    ...boundPorts(pid, 'udp6', inodes),
  ];
  const unix = table(pid, 'unix')
    // Flags 00010000: __SO_ACCEPTCON, a socket that listens.
    .filter((columns) => inodes.has(columns[6]) && columns[3] === '00010000')
    .map((columns) => columns[7] ?? '(unnamed)');
  return { ports: [...new Set(ports)].sort(), unix };
}

/** The pids of the processes whose parent is `pid`. */
export function childProcesses(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    // "pid (comm) state ppid …"; a process that ended while being read has no fields.
    const fields = procStatFields(`/proc/${entry}/stat`);
    if (fields && Number(fields[1]) === pid) children.push(Number(entry));
  }
  return children;
}

function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const match = /^socket:\[(\d+)\]$/.exec(target);
      if (match) inodes.add(match[1]);
    } catch {
      // closed while being read
    }
  }
  return inodes;
}

/** Ports of the process's sockets in /proc/<pid>/net/<kind> that listen (TCP) or are bound (UDP). */
function boundPorts(pid: number, kind: 'tcp' | 'tcp6' | 'udp' | 'udp6', inodes: Set<string>): string[] {
  // TCP state 0A is LISTEN; a bound UDP socket is 07 (CLOSE).
  const state = kind.startsWith('tcp') ? '0A' : '07';
  return table(pid, kind)
    .filter((columns) => columns[3] === state && inodes.has(columns[9]))
    .map((columns) => `${kind.replace('6', '')}:${parseInt(columns[1].split(':')[1], 16)}`);
}

function table(pid: number, name: string): string[][] {
  try {
    return readFileSync(`/proc/${pid}/net/${name}`, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/));
  } catch {
    return [];
  }
}
