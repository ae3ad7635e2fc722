/**
 * Starts a real Chroma server (the Rust server shipped in the `chromadb` npm package) on a free loopback
 * port with a temporary data dir, for integration tests in any project. The server is launched under
 * `setpriv --pdeathsig SIGTERM` when available, so it dies with the test worker even on a crash. Its
 * output is kept in a small in-memory buffer and only shown when it fails to start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface ChromaTestServer {
  /** e.g. `http://127.0.0.1:41234` */
  readonly url: string;
  readonly port: number;
  /** The temporary directory the server persists to (removed by `stop`). */
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

const OUTPUT_LIMIT = 8_192;

export async function startChromaTestServer(
  options: ChromaTestServerOptions = {},
): Promise<ChromaTestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kioku-chroma-test-'));
  const port = await freeLoopbackPort();
  const url = `http://127.0.0.1:${port}`;
  const serverArgs = [
    chromaCliPath(),
    'run',
    '--path',
    dataDir,
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
  ];
  const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find((path) => existsSync(path));
  const child = setpriv
    ? spawn(setpriv, ['--pdeathsig', 'SIGTERM', '--', process.execPath, ...serverArgs], {
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn(process.execPath, serverArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = once(async () => {
    await terminate(child);
    await rm(dataDir, { recursive: true, force: true });
  });

  try {
    await waitForHeartbeat(url, child, options.startTimeoutMs ?? 30_000);
  } catch (error) {
    await stop();
    const tail = output
      .replace(/\x1b\[[0-9;]*m/g, '')
      .trim()
      .split('\n')
      .slice(-15)
      .join('\n');
    throw new Error(`${(error as Error).message}\nChroma output (last lines):\n${tail}`);
  }
  return {
    url,
    port,
    dataDir,
    lexicalIndexFile: join(dataDir, 'lexical-index.sqlite'),
    pid: child.pid as number,
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
    (options.startTimeoutMs ?? 30_000) + 10_000,
  );
  afterAll(async () => {
    await server?.stop();
  }, 20_000);
  return () => {
    if (!server) throw new Error('The Chroma test server is not running (use it inside tests or hooks).');
    return server;
  };
}

/** Path of the `chroma` CLI inside the installed `chromadb` package (`dist/cli.mjs`). */
export function chromaCliPath(): string {
  // The package's `exports` hide package.json, so resolve the CJS entry (dist/cjs/chromadb.cjs) and step up.
  return join(dirname(require.resolve('chromadb')), '..', 'cli.mjs');
}

export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHeartbeat(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The Chroma test server exited during start (code ${child.exitCode}, signal ${child.signalCode}).`,
      );
    }
    try {
      const response = await fetch(`${url}/api/v2/heartbeat`, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await delay(50);
  }
  throw new Error(`The Chroma test server did not answer its heartbeat within ${timeoutMs} ms.`);
}

async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const killTimer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(killTimer);
}

function once(action: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= action());
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
