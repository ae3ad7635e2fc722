/**
 * A real Chroma server for integration tests in any project, started by the embedded backend's own
 * `ChromaServerManager` (the same spawn, `setpriv --pdeathsig`, heartbeat and stop) on a throw-away data
 * dir. The server listens on a loopback TCP port (no network namespace, so that test clients reach it
 * by URL); its output goes to `<dataDir>/chroma.log` and is quoted in the error when it fails to start.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChromaServerManager } from '../embedded/chroma-server-manager';

export interface ChromaTestServer {
  /** e.g. `http://127.0.0.1:41234` */
  readonly url: string;
  readonly port: number;
  /** The temporary data dir (the server persists to `<dataDir>/chroma`); removed by `stop`. */
  readonly dataDir: string;
  /** Where stores on this server keep their lexical index (in `dataDir`, so it goes with the server). */
  readonly lexicalIndexFile: string;
  /** Pid of the server process. */
  readonly pid: number;
  /** SIGTERM, SIGKILL after 5 s, then removes the data dir. Safe to call twice. */
  stop(): Promise<void>;
}

export interface ChromaTestServerOptions {
  /** Give up waiting for the heartbeat after this many ms (default 30 000). */
  startTimeoutMs?: number;
}

const DEFAULT_START_TIMEOUT_MS = 30_000;

export async function startChromaTestServer(
  options: ChromaTestServerOptions = {},
): Promise<ChromaTestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kioku-chroma-test-'));
  const manager = new ChromaServerManager({
    dataDir,
    startTimeoutMs: options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS,
    // A test server lives as long as its test file: no restarts, no process-wide signal handlers
    // (pdeathsig still ends it with the test worker).
    restartOnExit: false,
    installExitHandlers: false,
    // Specs reach it by URL, as KIOKU_VECTOR_STORE=chroma reaches a server: a loopback port, for the
    // length of one test file.
    isolateNetwork: false,
    allowLoopbackPort: true,
  });
  const stop = once(async () => {
    await manager.stop();
    await rm(dataDir, { recursive: true, force: true });
  });
  let url: string;
  try {
    url = await manager.ensureRunning();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    port: Number(new URL(url).port),
    dataDir,
    lexicalIndexFile: join(dataDir, 'lexical-index.sqlite'),
    pid: manager.serverPid as number,
    stop,
  };
}

/**
 * Registers `beforeAll`/`afterAll` hooks that start and stop one server for the calling test file and
 * returns an accessor for it (valid inside tests and later hooks).
 */
export function useChromaTestServer(options: ChromaTestServerOptions = {}): () => ChromaTestServer {
  let server: ChromaTestServer | undefined;
  beforeAll(
    async () => {
      server = await startChromaTestServer(options);
    },
    (options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS) + 10_000,
  );
  afterAll(async () => {
    await server?.stop();
  }, 20_000);
  return () => {
    if (!server) throw new Error('The Chroma test server is not running (use it inside tests or hooks).');
    return server;
  };
}

function once(action: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= action());
}
