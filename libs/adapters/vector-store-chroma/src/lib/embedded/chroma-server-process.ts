/**
 * Starting and stopping Chroma server processes: the command line (the chroma CLI launcher with the
 * native build to load; tied to its owner so that it dies with it even on kill -9: under
 * `setpriv --pdeathsig SIGTERM` on Linux, by the launcher's watchdog elsewhere; inside a network
 * namespace when isolated), the log file it writes to, and the children this process owns, which are
 * killed when it exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { delay, type Logger } from '@kioku/kernel';
import { isProcessAlive } from '@kioku/processes';
import { probeNetworkIsolation } from './network-isolation';
import { HOST } from './chroma-server-probe';
import { thisChromaPlatform, type ChromaPlatform } from './chroma-platform';

const LOG_ROTATE_BYTES = 1024 * 1024;
const OUTPUT_TAIL_LINES = 20;

export interface SpawnChromaServerOptions {
  cliPath: string;
  /** The native build's package directory (`locateBinding`). */
  bindingDir: string;
  /** How the server is tied to this process (default: this platform's way). */
  tieToOwner?: ChromaPlatform['tieToOwner'];
  persistPath: string;
  /** The server's working directory. */
  dataDir: string;
  /** Gets the server's stdout and stderr (rotated past 1 MiB). */
  logFile: string;
  port: number;
  /** What the server inherits of this process's environment. */
  environment: Record<string, string>;
  /** Run in a network namespace of its own, reached through this socket. */
  socketPath?: string;
  logger?: Logger;
}

/**
 * Starts a server as an owned child of this process (killed on exit). Returns the child and where its
 * output starts in the log, for `serverOutputSince`.
 */
export function spawnChromaServer(options: SpawnChromaServerOptions): {
  child: ChildProcess;
  logOffset: number;
} {
  const { logFile, socketPath, logger } = options;
  rotateLog(logFile);
  const logOffset = fileSize(logFile);
  const log = openSync(logFile, 'a', 0o600);
  const serverArgs = [
    options.cliPath,
    'run',
    '--path',
    options.persistPath,
    '--host',
    HOST,
    '--port',
    String(options.port),
  ];
  const tie = options.tieToOwner ?? thisChromaPlatform().tieToOwner;
  const setpriv = tie === 'parent-death-signal' ? setprivPath() : null;
  if (tie === 'parent-death-signal' && !setpriv) {
    logger?.warn('vector_store.chroma_embedded.no_pdeathsig', {
      reason: 'setpriv (util-linux) not found: the launcher watches this process instead',
    });
  }
  // pdeathsig is set outside the namespace and again inside it, right before the server starts.
  const deathSignal = (command: string[]) =>
    setpriv ? [setpriv, '--pdeathsig', 'SIGTERM', '--', ...command] : command;
  const server = deathSignal([process.execPath, ...serverArgs]);
  const isolation = socketPath ? probeNetworkIsolation().isolation : null;
  const [file, ...args] = isolation ? deathSignal(isolation.wrap(server)) : server;
  let child: ChildProcess;
  try {
    child = spawn(file, args, {
      stdio: ['ignore', log, log],
      cwd: options.dataDir,
      env: {
        ...options.environment,
        KIOKU_CHROMA_BINDING: options.bindingDir,
        ...(socketPath ? { KIOKU_CHROMA_SOCKET: socketPath } : {}),
        // Without a parent-death signal the launcher's watchdog ends the server when this pid is gone.
        ...(setpriv ? {} : { KIOKU_CHROMA_OWNER_PID: String(process.pid) }),
      },
    });
  } finally {
    closeSync(log);
  }
  child.on('error', (error) =>
    logger?.error('vector_store.chroma_embedded.spawn_failed', { error: error.message }),
  );
  child.unref();
  ownedChildren.add(child);
  return { child, logOffset };
}

/** The server's output written to `logFile` after `offset`, without colour codes, last lines only. */
export function serverOutputSince(logFile: string, offset: number): string {
  try {
    const text = readFileSync(logFile).subarray(offset).toString('utf8');
    return text
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split('\n')
      .map((line) => line.trimEnd())
      .filter((line) => line.length > 0)
      .slice(-OUTPUT_TAIL_LINES)
      .join('\n')
      .slice(-4_000);
  } catch {
    return '';
  }
}

/** Owned server processes of this process, killed synchronously when it exits. */
export const ownedChildren = new Set<ChildProcess>();
let exitHandlersInstalled = false;

function killOwnedChildren(): void {
  for (const child of ownedChildren) {
    try {
      child.kill('SIGTERM');
    } catch {
      // already gone
    }
  }
  ownedChildren.clear();
}

/**
 * On exit the children get SIGTERM synchronously. On a signal the children are killed and the signal
 * re-raised only when no one else listens for it: an app with its own shutdown handler keeps the
 * store until it exits (then the exit hook and pdeathsig take over).
 */
export function installExitHandlers(): void {
  if (exitHandlersInstalled) return;
  exitHandlersInstalled = true;
  process.on('exit', killOwnedChildren);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const handler = () => {
      if (process.listenerCount(signal) > 1) return;
      killOwnedChildren();
      process.removeListener(signal, handler);
      process.kill(process.pid, signal);
    };
    process.on(signal, handler);
  }
}

/** `runtime/` of the built kioku package (beside dist/), where fetched native builds are kept. */
export function packageRuntimeDir(): string | undefined {
  return existsSync(join(__dirname, 'chroma', 'cli.mjs')) ? join(__dirname, '..', 'runtime') : undefined;
}

export function defaultCliPath(): string {
  // Built kioku (dist/<command>.js) ships its own launcher beside it: see chroma-cli.mjs for why.
  const launcher = join(__dirname, 'chroma', 'cli.mjs');
  if (existsSync(launcher)) return launcher;
  // From the sources (tests, KIOKU_FROM_SOURCE): the same launcher, which also forwards the socket.
  return join(__dirname, 'chroma-cli.mjs');
}

let setprivCache: string | null | undefined;

function setprivPath(): string | null {
  if (setprivCache !== undefined) return setprivCache;
  // util-linux installs setpriv in one of these on every Linux distribution kioku targets.
  const candidates = [
    '/usr/bin/setpriv',
    '/bin/setpriv',
    '/usr/sbin/setpriv',
    '/sbin/setpriv',
    '/usr/local/bin/setpriv',
  ];
  setprivCache = process.platform === 'linux' ? (candidates.find((path) => existsSync(path)) ?? null) : null;
  return setprivCache;
}

export async function terminate(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Stops a process this one did not spawn (so no 'exit' event): SIGTERM, poll, SIGKILL. */
export async function killPid(pid: number, graceMs: number): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + graceMs;
  while (isProcessAlive(pid) && Date.now() < deadline) await delay(50);
  if (!isProcessAlive(pid)) return;
  signal('SIGKILL');
  const killDeadline = Date.now() + 5_000;
  while (isProcessAlive(pid) && Date.now() < killDeadline) await delay(50);
}

function rotateLog(file: string): void {
  if (fileSize(file) <= LOG_ROTATE_BYTES) return;
  try {
    renameSync(file, `${file}.1`);
  } catch {
    // another process rotated it
  }
}

function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

export function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}
