/**
 * The `chroma-embedded` backend's server (behaviour §3 "The embedded default"): makes sure one Chroma server
 * runs on a data dir and tells callers its URL.
 *
 * Layout of the data dir:
 * - `chroma/`               the server's persist path
 * - `chroma-server.json`    the running server: pid, url, owner pid (written atomically)
 * - `chroma-server.lock`    O_EXCL lock held only while a process checks and starts the server
 * - `chroma.log`            the server's stdout and stderr (this process's stdout belongs to MCP)
 * - `chroma.sock`           the only way in to the server where it runs in its own network namespace
 *
 * The data dir is created 0700 (and tightened to 0700 if it was wider) and its files 0600: the server
 * has no authentication, so where unprivileged namespaces work it listens only inside a network
 * namespace of its own and kioku reaches it through the socket (see `network-isolation.ts`); elsewhere
 * it falls back, with a warning, to a loopback TCP port any local process can reach.
 *
 * Several kioku processes share one server: the first starts it (as its child, launched under
 * `setpriv --pdeathsig SIGTERM` so it dies with that process even on kill -9), the others find it
 * through `chroma-server.json`, check that the recorded pid is alive, still runs Chroma on this persist
 * path and answers its heartbeat, and connect. When the owner dies its server dies too; the next
 * process that fails to reach it calls `ensureRunning()`, takes the lock and starts a new one. Under the
 * lock, any other Chroma process still serving the persist path is adopted (if it answers) or killed
 * before a new server starts, so two servers never open the same data dir.
 *
 * The owner also restarts its child when it exits unexpectedly, and kills it on process exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { acquireLock, AppError, isProcessAlive, LockTimeoutError, type Logger } from '@kioku/kernel';
import { StoreUnavailableError } from '@kioku/vector-store';
import { unixSocketFetchOptions } from '../unix-socket-dispatcher';
import { MAX_SOCKET_PATH_BYTES, probeNetworkIsolation } from './network-isolation';
import { findChromaServerProcesses, isChromaServerFor, processCommandLine } from './process-inspection';

export interface ChromaServerManagerOptions {
  /** Absolute path of the kioku data dir; the server persists to `<dataDir>/chroma`. */
  dataDir: string;
  logger?: Logger;
  /** How long a start may take before it fails (default 30 000 ms). */
  startTimeoutMs?: number;
  /** Grace period between SIGTERM and SIGKILL when stopping (default 5 000 ms). */
  stopTimeoutMs?: number;
  /** Restart an owned server that exits unexpectedly (default true). */
  restartOnExit?: boolean;
  /** Kill owned servers on process exit and on SIGINT/SIGTERM/SIGHUP (default true). */
  installExitHandlers?: boolean;
  /** Path of the chroma CLI (default: `dist/cli.mjs` of the installed `chromadb` package). */
  cliPath?: string;
  /**
   * Run the server in its own network namespace, reached through `<dataDir>/chroma.sock` (default true;
   * falls back to a loopback TCP port, with a warning, where namespaces are not available).
   */
  isolateNetwork?: boolean;
}

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

/**
 * The embedded server could not be started or reached. A StoreUnavailableError (code STORE_UNAVAILABLE)
 * whose message says why, including the server's last output when it failed to start.
 */
export class EmbeddedChromaError extends StoreUnavailableError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('chroma-embedded', options);
    this.message = message;
  }
}

const HOST = '127.0.0.1';
const HEARTBEAT_PATH = '/api/v2/heartbeat';
const HEARTBEAT_TIMEOUT_MS = 2_000;
const STRAY_SERVER_GRACE_MS = 10_000;
const LOG_ROTATE_BYTES = 1024 * 1024;
const OUTPUT_TAIL_LINES = 20;
const PORT_ATTEMPTS = 3;
const RESTART_BACKOFF_MS = [500, 1_000, 2_000, 5_000, 10_000, 30_000];

export class ChromaServerManager {
  readonly dataDir: string;
  readonly persistPath: string;
  readonly recordFile: string;
  readonly lockFile: string;
  readonly logFile: string;
  readonly socketFile: string;

  private readonly logger?: Logger;
  private readonly startTimeoutMs: number;
  private readonly stopTimeoutMs: number;
  private readonly restartOnExit: boolean;
  private readonly cliPath: string;
  private readonly isolateNetwork: boolean;

  private current?: ChromaServerRecord;
  private child?: ChildProcess;
  private pending?: Promise<string>;
  private restartTimer?: NodeJS.Timeout;
  private restartAttempts = 0;
  private closed = false;
  private warnedNotIsolated = false;

  constructor(options: ChromaServerManagerOptions) {
    if (!isAbsolute(options.dataDir)) {
      throw new AppError('CONFIG_INVALID', 'The kioku data dir must be an absolute path.');
    }
    this.dataDir = resolve(options.dataDir);
    this.persistPath = join(this.dataDir, 'chroma');
    this.recordFile = join(this.dataDir, 'chroma-server.json');
    this.lockFile = join(this.dataDir, 'chroma-server.lock');
    this.logFile = join(this.dataDir, 'chroma.log');
    this.socketFile = join(this.dataDir, 'chroma.sock');
    this.logger = options.logger;
    this.startTimeoutMs = options.startTimeoutMs ?? 30_000;
    this.stopTimeoutMs = options.stopTimeoutMs ?? 5_000;
    this.restartOnExit = options.restartOnExit ?? true;
    this.cliPath = options.cliPath ?? defaultCliPath();
    this.isolateNetwork = options.isolateNetwork ?? true;
    if (options.installExitHandlers ?? true) installExitHandlers();
  }

  /** URL of the server this manager last found or started (no credentials: it is a loopback server). */
  get url(): string | undefined {
    return this.current?.url;
  }

  /** The Unix socket that leads to `url`, when the server runs in its own network namespace. */
  get socketPath(): string | undefined {
    return this.current?.socketPath;
  }

  /** Pid of the server this manager last found or started. */
  get serverPid(): number | undefined {
    return this.current?.pid;
  }

  /** True while this process's own child is the running server. */
  get ownsServer(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /**
   * Returns the URL of a healthy server for the data dir, starting one when none runs. Call it after a
   * connection failure: it reconnects to a server another process started, or starts a new one.
   * Concurrent calls share one attempt.
   */
  ensureRunning(): Promise<string> {
    if (this.closed)
      return Promise.reject(new EmbeddedChromaError('The embedded Chroma server was stopped.'));
    this.pending ??= this.ensure()
      .catch((error: unknown) => {
        if (error instanceof AppError) throw error;
        const code = (error as NodeJS.ErrnoException | undefined)?.code ?? 'unknown error';
        throw new EmbeddedChromaError(
          `The embedded Chroma server could not be prepared in ${this.dataDir} (${code}).`,
          { cause: error },
        );
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }

  /** Stops the server if this process owns it (SIGTERM, then SIGKILL after the grace period). Final. */
  async stop(): Promise<void> {
    this.closed = true;
    clearTimeout(this.restartTimer);
    await this.pending?.catch(() => undefined);
    const child = this.child;
    this.child = undefined;
    if (child) {
      ownedChildren.delete(child);
      await terminate(child, this.stopTimeoutMs);
      if (this.readRecord()?.pid === child.pid) unlinkQuietly(this.recordFile);
      this.logger?.info('vector_store.chroma_embedded.stopped', { pid: child.pid });
    }
    this.current = undefined;
  }

  private async ensure(): Promise<string> {
    if (this.current && (await this.isHealthy(this.current))) return this.current.url;
    const recorded = this.readRecord();
    if (recorded && (await this.isHealthy(recorded))) return this.adopt(recorded);

    this.prepareDataDir();
    let release: (() => void) | null;
    try {
      release = await acquireLock(this.lockFile, {
        timeoutMs: this.startTimeoutMs + STRAY_SERVER_GRACE_MS + 5_000,
        shouldStopWaiting: async () => {
          const record = this.readRecord();
          return record !== undefined && (await this.isHealthy(record));
        },
      });
    } catch (error) {
      if (error instanceof LockTimeoutError) {
        throw new EmbeddedChromaError(
          `Another process is starting the embedded Chroma server and has not finished: ${error.message}.`,
          {
            cause: error,
          },
        );
      }
      throw error;
    }
    if (!release) {
      const started = this.readRecord();
      return started ? this.adopt(started) : this.ensure();
    }
    try {
      const again = this.readRecord();
      if (again && (await this.isHealthy(again))) return this.adopt(again);
      const stray = await this.adoptOrStopStrayServers();
      if (stray) return stray;
      return await this.start();
    } finally {
      release();
    }
  }

  /** A record is healthy when its pid is alive, still serves this persist path, and answers the heartbeat. */
  private async isHealthy(record: ChromaServerRecord): Promise<boolean> {
    if (record.persistPath !== this.persistPath || !isProcessAlive(record.pid)) return false;
    const args = processCommandLine(record.pid);
    if (args && !isChromaServerFor(args, this.persistPath)) return false;
    // A server an older kioku left on an open TCP port is replaced where isolation is possible.
    if (!record.socketPath && this.isolationSocket()) return false;
    return heartbeat(record, HEARTBEAT_TIMEOUT_MS);
  }

  /** The data dir holds every tenant's memories: 0700, tightened when an older kioku made it wider. */
  private prepareDataDir(): void {
    mkdirSync(this.dataDir, { recursive: true, mode: 0o700 });
    const mode = statSync(this.dataDir).mode & 0o777;
    if ((mode & 0o077) !== 0) {
      chmodSync(this.dataDir, 0o700);
      this.logger?.warn('vector_store.chroma_embedded.data_dir_tightened', {
        from: mode.toString(8),
        to: '700',
      });
    }
  }

  /** The socket to run the server behind, or undefined (with a warning) where isolation is not possible. */
  private isolationSocket(): string | undefined {
    const { isolation, reason } = this.isolateNetwork
      ? probeNetworkIsolation()
      : { isolation: null, reason: 'turned off (isolateNetwork: false)' };
    const tooLong = Buffer.byteLength(this.socketFile) > MAX_SOCKET_PATH_BYTES;
    if (isolation && !tooLong) return this.socketFile;
    if (this.warnedNotIsolated) return undefined;
    this.warnedNotIsolated = true;
    this.logger?.warn('vector_store.chroma_embedded.not_isolated', {
      reason: tooLong ? 'the data dir path is too long for a Unix socket' : reason,
      consequence: 'the Chroma server listens on a loopback TCP port that any local process can reach',
    });
    return undefined;
  }

  private adopt(record: ChromaServerRecord): string {
    if (this.current?.pid !== record.pid) {
      this.logger?.info('vector_store.chroma_embedded.connected', {
        pid: record.pid,
        port: record.port,
        ownerPid: record.ownerPid,
      });
    }
    this.current = record;
    return record.url;
  }

  /**
   * Deals with Chroma processes that serve this persist path but are not (or no longer) recorded: one
   * that answers is adopted; one that does not answer within a grace period is killed.
   */
  private async adoptOrStopStrayServers(): Promise<string | undefined> {
    const socketPath = this.isolationSocket();
    for (const stray of findChromaServerProcesses(this.persistPath)) {
      if (stray.port !== undefined) {
        // Where isolation works, a stray server is adopted only through the socket: one still on an open
        // TCP port (started by an older kioku) is replaced.
        const target = { url: `http://${stray.host ?? HOST}:${stray.port}`, socketPath };
        if (await waitForHeartbeat(target, STRAY_SERVER_GRACE_MS, () => !isProcessAlive(stray.pid))) {
          const record = this.newRecord(stray.pid, stray.port, target, 0);
          this.writeRecord(record);
          return this.adopt(record);
        }
      }
      this.logger?.warn('vector_store.chroma_embedded.stray_server_killed', { pid: stray.pid });
      await killPid(stray.pid, this.stopTimeoutMs);
    }
    return undefined;
  }

  private async start(): Promise<string> {
    mkdirSync(this.persistPath, { recursive: true, mode: 0o700 });
    const socketPath = this.isolationSocket();
    for (let attempt = 1; ; attempt++) {
      // Inside its own namespace any port is free; picking one here keeps both paths the same.
      const port = await freeLoopbackPort();
      const target = { url: `http://${HOST}:${port}`, socketPath };
      const { child, logOffset } = this.spawnServer(port, socketPath);
      const ready = await waitForHeartbeat(
        target,
        this.startTimeoutMs,
        () => child.exitCode !== null || child.signalCode !== null,
      );
      const alive = child.exitCode === null && child.signalCode === null;
      if (ready && alive) {
        const record = this.newRecord(child.pid as number, port, target, process.pid);
        this.writeRecord(record);
        this.watch(child);
        this.logger?.info('vector_store.chroma_embedded.started', {
          pid: child.pid,
          port,
          isolated: socketPath !== undefined,
        });
        return this.adopt(record);
      }
      ownedChildren.delete(child);
      if (this.child === child) this.child = undefined;
      await terminate(child, this.stopTimeoutMs);
      const output = this.outputSince(logOffset);
      if (attempt < PORT_ATTEMPTS && /address|in use|not available/i.test(output)) continue;
      const reason = ready
        ? 'exited right after starting'
        : alive
          ? `did not answer within ${this.startTimeoutMs} ms`
          : 'exited during start';
      throw new EmbeddedChromaError(
        `The embedded Chroma server ${reason} (data dir ${this.dataDir}).` +
          (output ? ` Its last output:\n${output}` : ` See ${this.logFile}.`),
      );
    }
  }

  private spawnServer(port: number, socketPath?: string): { child: ChildProcess; logOffset: number } {
    rotateLog(this.logFile);
    const logOffset = fileSize(this.logFile);
    const log = openSync(this.logFile, 'a', 0o600);
    const serverArgs = [
      this.cliPath,
      'run',
      '--path',
      this.persistPath,
      '--host',
      HOST,
      '--port',
      String(port),
    ];
    const setpriv = setprivPath();
    if (!setpriv) {
      this.logger?.warn('vector_store.chroma_embedded.no_pdeathsig', {
        reason: 'setpriv (util-linux) not found: the Chroma server may outlive this process if it is killed',
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
        cwd: this.dataDir,
        env: socketPath ? { ...process.env, KIOKU_CHROMA_SOCKET: socketPath } : process.env,
      });
    } finally {
      closeSync(log);
    }
    child.on('error', (error) =>
      this.logger?.error('vector_store.chroma_embedded.spawn_failed', { error: error.message }),
    );
    child.unref();
    ownedChildren.add(child);
    this.child = child;
    return { child, logOffset };
  }

  private watch(child: ChildProcess): void {
    const startedAt = Date.now();
    child.once('exit', (code, signal) => {
      ownedChildren.delete(child);
      if (this.child !== child) return;
      this.child = undefined;
      if (this.closed) return;
      this.logger?.warn('vector_store.chroma_embedded.exited', { pid: child.pid, code, signal });
      if (!this.restartOnExit) return;
      if (Date.now() - startedAt > 60_000) this.restartAttempts = 0;
      const wait = RESTART_BACKOFF_MS[Math.min(this.restartAttempts++, RESTART_BACKOFF_MS.length - 1)];
      this.restartTimer = setTimeout(() => {
        this.ensureRunning().catch((error: unknown) =>
          this.logger?.error('vector_store.chroma_embedded.restart_failed', {
            error: (error as Error).message,
          }),
        );
      }, wait);
      this.restartTimer.unref();
    });
  }

  private newRecord(pid: number, port: number, target: ServerTarget, ownerPid: number): ChromaServerRecord {
    return {
      version: 1,
      pid,
      ownerPid,
      host: HOST,
      port,
      ...(target.socketPath ? { socketPath: target.socketPath } : {}),
      url: target.url,
      persistPath: this.persistPath,
      startedAt: new Date().toISOString(),
    };
  }

  private readRecord(): ChromaServerRecord | undefined {
    try {
      const parsed = JSON.parse(readFileSync(this.recordFile, 'utf8')) as Partial<ChromaServerRecord>;
      if (parsed.version === 1 && typeof parsed.pid === 'number' && typeof parsed.url === 'string') {
        return parsed as ChromaServerRecord;
      }
    } catch {
      // missing or unreadable: no server recorded
    }
    return undefined;
  }

  private writeRecord(record: ChromaServerRecord): void {
    const temporary = `${this.recordFile}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(record, null, 2) + '\n', { mode: 0o600 });
    renameSync(temporary, this.recordFile);
  }

  /** The server's output written after `offset`, without colour codes, last lines only. */
  private outputSince(offset: number): string {
    try {
      const text = readFileSync(this.logFile).subarray(offset).toString('utf8');
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
}

/** Owned server processes of this process, killed synchronously when it exits. */
const ownedChildren = new Set<ChildProcess>();
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
function installExitHandlers(): void {
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

function defaultCliPath(): string {
  // Built kioku (dist/<command>.js) ships its own launcher beside it: see chroma-cli.mjs for why.
  const launcher = join(__dirname, 'chroma', 'cli.mjs');
  if (existsSync(launcher)) return launcher;
  // From the sources (tests, KIOKU_FROM_SOURCE): the same launcher, which also forwards the socket.
  const sourceLauncher = join(__dirname, 'chroma-cli.mjs');
  if (existsSync(sourceLauncher)) return sourceLauncher;
  // `chromadb` exports only ".", so package.json cannot be resolved; its CJS entry is dist/cjs/chromadb.cjs.
  return join(dirname(require.resolve('chromadb')), '..', 'cli.mjs');
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

/** Where a server answers: its URL, reached through `socketPath` when one is given. */
interface ServerTarget {
  url: string;
  socketPath?: string;
}

async function heartbeat(target: ServerTarget, timeoutMs: number): Promise<boolean> {
  try {
    const response = await fetch(`${target.url}${HEARTBEAT_PATH}`, {
      ...(target.socketPath ? unixSocketFetchOptions(target.socketPath) : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

async function waitForHeartbeat(
  target: ServerTarget,
  timeoutMs: number,
  givenUp: () => boolean,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (givenUp()) return false;
    if (await heartbeat(target, Math.min(HEARTBEAT_TIMEOUT_MS, Math.max(1, deadline - Date.now()))))
      return true;
    await delay(50);
  }
  return false;
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function terminate(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Stops a process this one did not spawn (so no 'exit' event): SIGTERM, poll, SIGKILL. */
async function killPid(pid: number, graceMs: number): Promise<void> {
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

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolveDelay) => setTimeout(resolveDelay, ms));
}
