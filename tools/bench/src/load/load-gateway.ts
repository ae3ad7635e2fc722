/**
 * The gateway a load run measures when none is given: one `kioku http` process on the embedded
 * default in a new temporary data dir, on a loopback port it picks, with keys made by the CLI
 * (`kioku http keys create`). Rate limits and the per-key in-flight bound are raised so that the run
 * measures the service, not the limiter (an open loop past saturation has many requests in flight); every other KIOKU_* setting of the caller passes through (except the data dir, the port
 * and the log file, which are the run's). `stop()` drains it with SIGTERM and removes the data dir.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { kiokuBinPath } from '../startup/measure-startup';
import type { LoadKeyOption } from './load-options';

const run = promisify(execFile);
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 30_000;

export interface StartedGateway {
  url: string;
  /** The gateway's data dir: another process on it joins the same embedded store. */
  dataDir: string;
  keys: LoadKeyOption[];
  /** The gateway's process id. */
  pid?: number;
  stop(): Promise<void>;
}

export async function startLoadGateway(
  namespaces: string[],
  keysPerNamespace: number,
  progress: (line: string) => void,
  bin = kiokuBinPath(),
): Promise<StartedGateway> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kioku-bench-load-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    KIOKU_DATA_DIR: dataDir,
    KIOKU_LOG_FILE: join(dataDir, 'gateway.log'),
    KIOKU_LOG_LEVEL: process.env.KIOKU_LOG_LEVEL ?? 'warn',
    KIOKU_HTTP_PORT: '0',
    KIOKU_HTTP_RATE_PER_MINUTE: '10000000',
    KIOKU_HTTP_RATE_BURST: '10000000',
    KIOKU_HTTP_MAX_IN_FLIGHT_PER_KEY: '10000',
    // Every client connects from this one address: a burst of more than the per-address cap of
    // connections not yet in a request (an open loop catching up) would be refused as a slow loris.
    KIOKU_HTTP_MAX_PENDING_CONNECTIONS_PER_ADDRESS: '0',
  };
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  const keys: LoadKeyOption[] = [];
  try {
    progress(`creating ${namespaces.length * keysPerNamespace} keys in ${dataDir}`);
    // Made before the gateway starts: it reads the keys file at start and on change.
    for (const namespace of namespaces)
      for (let k = 0; k < keysPerNamespace; k++) {
        const { stdout } = await run(
          process.execPath,
          [bin, 'http', 'keys', 'create', '--namespace', namespace],
          {
            env,
          },
        );
        keys.push({ namespace, token: stdout.trim() });
      }
  } catch (error) {
    removeDataDir();
    throw error;
  }
  progress('starting kioku http on the embedded default');
  const child = spawn(process.execPath, [bin, 'http'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    removeDataDir();
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let stderr = '';
      const timer = setTimeout(
        () => reject(new Error(`kioku http did not start:\n${stderr}`)),
        START_TIMEOUT_MS,
      );
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`kioku http exited with ${code}:\n${stderr}`));
      });
    });
    return { url, dataDir, keys, pid: child.pid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
