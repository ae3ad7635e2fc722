/**
 * Test harness: `kioku http` processes in a data dir of their own (HOME too: never ~/.kioku), rate
 * limits out of the way, on ports the system picks; the CLI runs on the same data dir (it joins the
 * running store). `stop` ends every process it started and removes the dir.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const KIOKU = resolve(__dirname, '../../../../bin/kioku');
const run = promisify(execFile);

export interface GatewayProcesses {
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** Runs `kioku <args>` on the data dir; throws if it fails. */
  cli(args: string[]): Promise<{ stdout: string; stderr: string }>;
  /** A new key for the namespace, made with `kioku http keys create`; returns its token. */
  createKey(namespace: string): Promise<string>;
  /**
   * Starts `kioku http` (under `ulimit -n openFileLimit` when given); resolves with its URL once it
   * listens.
   */
  start(options?: { openFileLimit?: number }): Promise<{ url: string; child: ChildProcess }>;
  stop(): Promise<void>;
}

export function gatewayProcesses(prefix: string, extraEnv: Record<string, string> = {}): GatewayProcesses {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    HOME: dataDir,
    KIOKU_DATA_DIR: dataDir,
    KIOKU_LOG_FILE: join(dataDir, 'gateway.log'),
    KIOKU_LOG_LEVEL: 'warn',
    KIOKU_HTTP_PORT: '0',
    KIOKU_HTTP_RATE_PER_MINUTE: '10000000',
    KIOKU_HTTP_RATE_BURST: '10000000',
    ...extraEnv,
  };
  const children: ChildProcess[] = [];
  const cli = (args: string[]) => run(process.execPath, [KIOKU, ...args], { env });
  return {
    dataDir,
    env,
    cli,
    createKey: async (namespace) =>
      (await cli(['http', 'keys', 'create', '--namespace', namespace])).stdout.trim(),
    start: async ({ openFileLimit } = {}) => {
      const [command, args] =
        openFileLimit === undefined
          ? [process.execPath, [KIOKU, 'http']]
          : [
              '/bin/sh',
              ['-c', `ulimit -n ${openFileLimit} && exec "$@"`, 'sh', process.execPath, KIOKU, 'http'],
            ];
      const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
      children.push(child);
      return { url: await listeningUrl(child), child };
    },
    stop: async () => {
      await Promise.all(children.map((child) => stopProcess(child)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function listeningUrl(child: ChildProcess): Promise<string> {
  let stderr = '';
  return new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`a gateway did not start:\n${stderr}`)), 120_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`a gateway exited with ${code}:\n${stderr}`));
    });
  });
}

/** SIGTERM (a graceful drain), then SIGKILL if it has not exited within 15 s. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
