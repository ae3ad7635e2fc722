/**
 * Test harness: N `kioku http` processes on N ports against one store — the embedded Chroma server,
 * shared through one KIOKU_DATA_DIR (processes on one data dir share one server) — with keys made by
 * the CLI, and a client that sends each request to the next replica in turn.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { httpRequest, jsonOrUndefined, type ApiResponse } from './gateway-harness';

const KIOKU = resolve(__dirname, '../../../../bin/kioku');
const run = promisify(execFile);

export interface ReplicaCluster {
  dataDir: string;
  env: NodeJS.ProcessEnv;
  urls: string[];
  /** A new key for the namespace, made with `kioku http keys create`; returns its token. */
  createKey(namespace: string): Promise<string>;
  /** Runs `kioku <args>` on the cluster's data dir (it joins the running store); throws if it fails. */
  cli(args: string[]): Promise<{ stdout: string; stderr: string }>;
  /** A client for the token (none: anonymous) that sends each request to the next replica in turn. */
  roundRobin(token?: string): RoundRobinClient;
  stop(): Promise<void>;
}

export interface RoundRobinClient {
  send(method: string, url: string, body?: unknown): Promise<ApiResponse & { replica: number }>;
}

export async function startReplicaCluster(
  replicas: number,
  extraEnv: Record<string, string> = {},
): Promise<ReplicaCluster> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kioku-replicas-'));
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
  const processes: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(processes.map((child) => stopProcess(child)));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const cli = (args: string[]) => run(process.execPath, [KIOKU, ...args], { env });
  const createKey = async (namespace: string) =>
    (await cli(['http', 'keys', 'create', '--namespace', namespace])).stdout.trim();
  try {
    // The keys file must exist before the replicas start, or each would warn that there are no keys.
    await createKey('warm-up');
    // The first replica starts the embedded server; the others join it through the data dir.
    const urls = [await startReplica(env, processes)];
    urls.push(
      ...(await Promise.all(Array.from({ length: replicas - 1 }, () => startReplica(env, processes)))),
    );
    let next = 0;
    const roundRobin = (token?: string): RoundRobinClient => ({
      async send(method, url, body) {
        const replica = next++ % urls.length;
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const response = await httpRequest(
          urls[replica] + url,
          method,
          {
            ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
          payload,
        );
        return { ...response, body: jsonOrUndefined(response.text), replica };
      },
    });
    return { dataDir, env, urls, createKey, cli, roundRobin, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function startReplica(env: NodeJS.ProcessEnv, processes: ChildProcess[]): Promise<string> {
  const child = spawn(process.execPath, [KIOKU, 'http'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  processes.push(child);
  let stderr = '';
  return new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`a replica did not start:\n${stderr}`)), 120_000);
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
      reject(new Error(`a replica exited with ${code}:\n${stderr}`));
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
