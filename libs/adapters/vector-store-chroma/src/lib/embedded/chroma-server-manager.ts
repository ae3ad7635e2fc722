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
 *                           (in a short private folder instead when the data dir's path is too long)
 * - `runtime/`              the Chroma build for glibc < 2.39, fetched once where it is needed and
 *                           the installed package's own `runtime/` is not writable
 *
 * The data dir is created 0700 (and tightened to 0700 if it was wider) and its files 0600: the server
 * has no authentication and checks neither Host nor Origin, so it listens only inside a network
 * namespace of its own and kioku reaches it through the socket (see `network-isolation.ts`). Where that
 * is not possible (macOS, Windows, Linux without unprivileged namespaces) it is refused, unless the
 * user allowed a loopback TCP port by name (`allowLoopbackPort`, KIOKU_CHROMA_ALLOW_UNPROTECTED_PORT).
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
import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { AppError, type Logger } from '@kioku/kernel';
import { acquireLock, LockTimeoutError } from '@kioku/file-lock';
import { freeLoopbackPort, isProcessAlive } from '@kioku/processes';
import { EmbeddedChromaError, type ChromaServerManagerOptions } from './chroma-server-options';
import { probeNetworkIsolation } from './network-isolation';
import { serverSocket } from './server-socket';
import { locateBinding } from './chroma-binding';
import { thisChromaBuild, thisChromaPlatform } from './chroma-platform';
import { findChromaServerProcesses, isChromaServerFor, processCommandLine } from './process-inspection';
import {
  heartbeat,
  HEARTBEAT_TIMEOUT_MS,
  HOST,
  waitForHeartbeat,
  type ServerTarget,
} from './chroma-server-probe';
import {
  defaultCliPath,
  installExitHandlers,
  packageRuntimeDir,
  killPid,
  ownedChildren,
  serverOutputSince,
  spawnChromaServer,
  terminate,
  unlinkQuietly,
} from './chroma-server-process';
import {
  newServerRecord,
  readServerRecord,
  writeServerRecord,
  type ChromaServerRecord,
} from './chroma-server-record';

export type { ChromaServerRecord } from './chroma-server-record';
export { EmbeddedChromaError, type ChromaServerManagerOptions } from './chroma-server-options';

const STRAY_SERVER_GRACE_MS = 10_000;
const PORT_ATTEMPTS = 3;
const RESTART_BACKOFF_MS = [500, 1_000, 2_000, 5_000, 10_000, 30_000];

export class ChromaServerManager {
  readonly dataDir: string;
  readonly persistPath: string;
  readonly recordFile: string;
  readonly lockFile: string;
  readonly logFile: string;

  private readonly logger?: Logger;
  private readonly startTimeoutMs: number;
  private readonly stopTimeoutMs: number;
  private readonly restartOnExit: boolean;
  private readonly cliPath: string;
  private readonly isolateNetwork: boolean;
  private readonly environment: Record<string, string>;
  private readonly npmEnvironment: Record<string, string>;
  private readonly allowLoopbackPort: boolean;
  private readonly tieToOwner?: ChromaServerManagerOptions['tieToOwner'];

  private bindingDir?: string;
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
    this.logger = options.logger;
    this.startTimeoutMs = options.startTimeoutMs ?? 30_000;
    this.stopTimeoutMs = options.stopTimeoutMs ?? 5_000;
    this.restartOnExit = options.restartOnExit ?? true;
    this.cliPath = options.cliPath ?? defaultCliPath();
    this.isolateNetwork = options.isolateNetwork ?? true;
    this.environment = options.environment ?? {};
    this.npmEnvironment = options.npmEnvironment ?? this.environment;
    this.allowLoopbackPort = options.allowLoopbackPort ?? false;
    this.tieToOwner = options.tieToOwner;
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
      if (readServerRecord(this.recordFile)?.pid === child.pid) unlinkQuietly(this.recordFile);
      this.logger?.info('vector_store.chroma_embedded.stopped', { pid: child.pid });
    }
    this.current = undefined;
  }

  private async ensure(): Promise<string> {
    this.refuseUnprotectedPort();
    if (this.current && (await this.isHealthy(this.current))) return this.current.url;
    const recorded = readServerRecord(this.recordFile);
    if (recorded && (await this.isHealthy(recorded))) return this.adopt(recorded);

    this.prepareDataDir();
    let release: (() => void) | null;
    try {
      release = await acquireLock(this.lockFile, {
        timeoutMs: this.startTimeoutMs + STRAY_SERVER_GRACE_MS + 5_000,
        shouldStopWaiting: async () => {
          const record = readServerRecord(this.recordFile);
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
      const started = readServerRecord(this.recordFile);
      return started ? this.adopt(started) : this.ensure();
    }
    try {
      const again = readServerRecord(this.recordFile);
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
    if (thisChromaPlatform().privateFiles !== 'posix-modes') return;
    const mode = statSync(this.dataDir).mode & 0o777;
    if ((mode & 0o077) !== 0) {
      chmodSync(this.dataDir, 0o700);
      this.logger?.warn('vector_store.chroma_embedded.data_dir_tightened', {
        from: mode.toString(8),
        to: '700',
      });
    }
  }

  /** The socket to run the server behind, or why there is none (the server would be on a TCP port). */
  private isolation(): { socket: string } | { reason: string } {
    const { isolation, reason } = this.isolateNetwork
      ? probeNetworkIsolation()
      : { isolation: null, reason: 'turned off (isolateNetwork: false)' };
    if (!isolation) return { reason: reason ?? 'no network namespace' };
    const place = serverSocket(this.dataDir);
    return 'path' in place ? { socket: place.path } : { reason: place.problem };
  }

  /** The socket to run the server behind; undefined (with a warning) when a loopback port was allowed. */
  private isolationSocket(): string | undefined {
    const isolation = this.isolation();
    if ('socket' in isolation) return isolation.socket;
    if (this.warnedNotIsolated) return undefined;
    this.warnedNotIsolated = true;
    this.logger?.warn('vector_store.chroma_embedded.not_isolated', {
      reason: isolation.reason,
      consequence: 'the Chroma server listens on a loopback TCP port that any local process can reach',
    });
    return undefined;
  }

  /** A server on a loopback TCP port is refused, with the reason, unless the user allowed it by name. */
  private refuseUnprotectedPort(): void {
    const isolation = this.isolation();
    if ('socket' in isolation || this.allowLoopbackPort) return;
    throw new EmbeddedChromaError(
      `The managed Chroma server cannot be kept private here (${isolation.reason}): it would listen on a ` +
        'loopback TCP port, and Chroma has no authentication and checks neither Host nor Origin, so any ' +
        'local process, and any web page through DNS rebinding, could read and change every memory, ' +
        'private ones included. Use the default store (KIOKU_VECTOR_STORE=sqlite), a Chroma server you ' +
        'secure yourself (KIOKU_VECTOR_STORE=chroma with KIOKU_CHROMA_URL), or accept the risk with ' +
        'KIOKU_CHROMA_ALLOW_UNPROTECTED_PORT=true.',
    );
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
          writeServerRecord(this.recordFile, record);
          return this.adopt(record);
        }
      }
      this.logger?.warn('vector_store.chroma_embedded.stray_server_killed', { pid: stray.pid });
      await killPid(stray.pid, this.stopTimeoutMs);
    }
    return undefined;
  }

  /** The native build for this platform, found (or fetched once) under the start lock. */
  private async binding(): Promise<string> {
    try {
      this.bindingDir ??= await locateBinding(thisChromaBuild(), {
        runtimeDirs: [packageRuntimeDir(), join(this.dataDir, 'runtime')].filter(
          (dir): dir is string => dir !== undefined,
        ),
        npmEnvironment: this.npmEnvironment,
        logger: this.logger,
      });
      return this.bindingDir;
    } catch (error) {
      throw new EmbeddedChromaError((error as Error).message, { cause: error });
    }
  }

  private async start(): Promise<string> {
    mkdirSync(this.persistPath, { recursive: true, mode: 0o700 });
    const bindingDir = await this.binding();
    const socketPath = this.isolationSocket();
    for (let attempt = 1; ; attempt++) {
      // Inside its own namespace any port is free; picking one here keeps both paths the same.
      const port = await freeLoopbackPort();
      const target = { url: `http://${HOST}:${port}`, socketPath };
      const { child, logOffset } = spawnChromaServer({
        cliPath: this.cliPath,
        bindingDir,
        tieToOwner: this.tieToOwner,
        persistPath: this.persistPath,
        dataDir: this.dataDir,
        logFile: this.logFile,
        port,
        environment: this.environment,
        socketPath,
        logger: this.logger,
      });
      this.child = child;
      const ready = await waitForHeartbeat(
        target,
        this.startTimeoutMs,
        () => child.exitCode !== null || child.signalCode !== null,
      );
      const alive = child.exitCode === null && child.signalCode === null;
      if (ready && alive) {
        const record = this.newRecord(child.pid as number, port, target, process.pid);
        writeServerRecord(this.recordFile, record);
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
      const output = serverOutputSince(this.logFile, logOffset);
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
    return newServerRecord({ pid, host: HOST, port, target, persistPath: this.persistPath }, ownerPid);
  }
}
