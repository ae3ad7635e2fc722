/**
 * ChromaServerManager against real Chroma servers, each on its own temporary data dir. On this image
 * (util-linux and iproute2 present, unprivileged user namespaces allowed) every server runs in its own
 * network namespace and is reached through `<dataDir>/chroma.sock`.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseConfig } from '@kioku/config';
import { record } from '@kioku/testing-contracts';
import type { Logger } from '@kioku/kernel';
import { ChromaRecordStore } from '../chroma-record-store.adapter';
import { unixSocketFetchOptions } from '../unix-socket-dispatcher';
import {
  ChromaServerManager,
  EmbeddedChromaError,
  type ChromaServerManagerOptions,
} from './chroma-server-manager';
import { isProcessAlive } from '@kioku/processes';
import { findChromaServerProcesses } from './process-inspection';

/** GET the heartbeat the way kioku reaches the server (through its socket when it has one). */
async function heartbeatOk(url: string | undefined, socketPath?: string): Promise<boolean> {
  const options = socketPath ? unixSocketFetchOptions(socketPath) : {};
  return (await fetch(`${url}/api/v2/heartbeat`, options)).ok;
}

/** What another local process can do with the server's URL alone: exit code 0 when it reads collections. */
function plainTcpClientReads(url: string, asUser?: number): boolean {
  const script = `fetch(${JSON.stringify(`${url}/api/v2/tenants/default_tenant/databases/default_database/collections`)}).then((r) => process.exit(r.ok ? 0 : 2), () => process.exit(3));`;
  const command = asUser === undefined ? [process.execPath, '-e', script] : setprivAs(asUser, script);
  return spawnSync(command[0], command.slice(1), { stdio: 'ignore', timeout: 10_000 }).status === 0;
}

function setprivAs(uid: number, script: string): string[] {
  return ['setpriv', `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', process.execPath, '-e', script];
}

describe('ChromaServerManager', () => {
  let dataDir: string;
  const managers: ChromaServerManager[] = [];

  function manager(options: Partial<ChromaServerManagerOptions> = {}): ChromaServerManager {
    const created = new ChromaServerManager({ dataDir, ...options });
    managers.push(created);
    return created;
  }

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kioku-embedded-'));
  });

  afterEach(async () => {
    for (const created of managers.splice(0)) await created.stop();
    for (const stray of findChromaServerProcesses(join(dataDir, 'chroma')))
      process.kill(stray.pid, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts a server on the data dir that answers its heartbeat', async () => {
    const owner = manager();
    const url = await owner.ensureRunning();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(owner.socketPath).toBe(join(dataDir, 'chroma.sock'));
    expect(await heartbeatOk(url, owner.socketPath)).toBe(true);
    expect(owner.ownsServer).toBe(true);
    expect(existsSync(join(dataDir, 'chroma'))).toBe(true);
    expect(existsSync(join(dataDir, 'chroma-server.lock'))).toBe(false);
    const recorded = JSON.parse(readFileSync(join(dataDir, 'chroma-server.json'), 'utf8'));
    expect(recorded).toMatchObject({
      url,
      socketPath: join(dataDir, 'chroma.sock'),
      pid: owner.serverPid,
      ownerPid: process.pid,
      persistPath: join(dataDir, 'chroma'),
    });
    expect(readFileSync(join(dataDir, 'chroma.log'), 'utf8')).toContain('Connect to Chroma');
  });

  it("gives the server the environment the configuration passes on, none of kioku's credentials and none of npm's settings", async () => {
    const canary = 'qdrant-key-ENV-CANARY-7f3a';
    const config = parseConfig({
      PATH: process.env.PATH,
      KIOKU_DATA_DIR: dataDir,
      KIOKU_VECTOR_STORE: 'chroma-embedded',
      KIOKU_QDRANT_API_KEY: canary,
      HTTPS_PROXY: 'http://proxy.example:3128',
      npm_config_cafile: '/etc/corp-ca.pem',
    });
    if (config.vectorStore.kind !== 'chroma-embedded') throw new Error('expected the managed Chroma server');
    expect(config.vectorStore.npmEnvironment).toMatchObject({
      HTTPS_PROXY: 'http://proxy.example:3128',
      npm_config_cafile: '/etc/corp-ca.pem',
    });
    const owner = manager({
      environment: config.vectorStore.serverEnvironment,
      npmEnvironment: config.vectorStore.npmEnvironment,
    });
    await owner.ensureRunning();
    const [server] = findChromaServerProcesses(join(dataDir, 'chroma'));
    const environment = readFileSync(`/proc/${server.pid}/environ`, 'utf8').split('\0');
    expect(environment).toContain(`KIOKU_CHROMA_SOCKET=${join(dataDir, 'chroma.sock')}`);
    expect(environment).toContain(`PATH=${process.env.PATH}`);
    expect(environment.join('\n')).not.toContain(canary);
    expect(environment.join('\n')).not.toMatch(/HTTPS_PROXY|npm_config/);
  });

  it('returns the same URL on repeated and concurrent calls', async () => {
    const owner = manager();
    const urls = await Promise.all([owner.ensureRunning(), owner.ensureRunning(), owner.ensureRunning()]);
    expect(new Set(urls).size).toBe(1);
    expect(await owner.ensureRunning()).toBe(urls[0]);
    expect(findChromaServerProcesses(join(dataDir, 'chroma'))).toHaveLength(1);
  });

  it('lets a second manager on the same data dir reuse the server', async () => {
    const first = manager();
    const url = await first.ensureRunning();
    const second = manager();
    expect(await second.ensureRunning()).toBe(url);
    expect(second.ownsServer).toBe(false);
    expect(second.serverPid).toBe(first.serverPid);
    expect(findChromaServerProcesses(join(dataDir, 'chroma')).map((p) => p.pid)).toEqual([first.serverPid]);
  });

  it('starts exactly one server when several managers race on an empty data dir', async () => {
    const racers = [manager(), manager(), manager()];
    const urls = await Promise.all(racers.map((m) => m.ensureRunning()));
    expect(new Set(urls).size).toBe(1);
    expect(racers.filter((m) => m.ownsServer)).toHaveLength(1);
    expect(findChromaServerProcesses(join(dataDir, 'chroma'))).toHaveLength(1);
  });

  it('restarts a killed server on ensureRunning, and the data persists', async () => {
    const owner = manager({ restartOnExit: false });
    const url = await owner.ensureRunning();
    const store = new ChromaRecordStore({ url, socketPath: owner.socketPath });
    await store.ensureCollection('memories', { dimension: 3 });
    await store.upsert('memories', [record('mem_1', [1, 0, 0], { kind: 'note' }, 'kept across restarts')]);
    const killed = owner.serverPid as number;

    process.kill(killed, 'SIGKILL');
    await waitFor(() => !isProcessAlive(killed));

    const restarter = manager();
    const restartedUrl = await restarter.ensureRunning();
    expect(findChromaServerProcesses(join(dataDir, 'chroma'))).toHaveLength(1);
    const reopened = new ChromaRecordStore({ url: restartedUrl, socketPath: restarter.socketPath });
    expect(await reopened.get('memories', ['mem_1'])).toEqual([
      { id: 'mem_1', metadata: { kind: 'note' }, document: 'kept across restarts' },
    ]);
  });

  it('restarts its own server by itself when it exits unexpectedly', async () => {
    const owner = manager();
    await owner.ensureRunning();
    const killed = owner.serverPid as number;
    process.kill(killed, 'SIGKILL');
    await waitFor(() => owner.ownsServer && owner.serverPid !== killed, 15_000);
    expect(await heartbeatOk(owner.url, owner.socketPath)).toBe(true);
    expect(findChromaServerProcesses(join(dataDir, 'chroma'))).toHaveLength(1);
  });

  it('stop() ends an owned server and removes the record; a non-owner leaves it running', async () => {
    const owner = manager();
    await owner.ensureRunning();
    const pid = owner.serverPid as number;
    const visitor = manager();
    await visitor.ensureRunning();
    await visitor.stop();
    expect(isProcessAlive(pid)).toBe(true);
    await owner.stop();
    expect(isProcessAlive(pid)).toBe(false);
    expect(existsSync(join(dataDir, 'chroma-server.json'))).toBe(false);
    await expect(owner.ensureRunning()).rejects.toBeInstanceOf(EmbeddedChromaError);
  });

  it('adopts a running server on the data dir whose record was lost instead of starting a second one', async () => {
    const first = manager({ restartOnExit: false });
    await first.ensureRunning();
    writeFileSync(join(dataDir, 'chroma-server.json'), 'garbage');
    const second = manager();
    await second.ensureRunning();
    expect(second.serverPid).toBe(first.serverPid);
    expect(findChromaServerProcesses(join(dataDir, 'chroma'))).toHaveLength(1);
  });

  it('takes over a lock left by a dead process', async () => {
    const deadPid = await deadProcessPid();
    writeFileSync(
      join(dataDir, 'chroma-server.lock'),
      JSON.stringify({ pid: deadPid, token: 'stale', createdAt: new Date().toISOString() }),
    );
    const taker = manager();
    const url = await taker.ensureRunning();
    expect(await heartbeatOk(url, taker.socketPath)).toBe(true);
    expect(existsSync(join(dataDir, 'chroma-server.lock'))).toBe(false);
  });

  it('fails with the server output when the server cannot start', async () => {
    const failing = join(dataDir, 'failing-cli.mjs');
    writeFileSync(failing, "process.stderr.write('boom: cannot open the data dir\\n'); process.exit(3);\n");
    const error = await manager({ cliPath: failing })
      .ensureRunning()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddedChromaError);
    expect((error as EmbeddedChromaError).code).toBe('STORE_UNAVAILABLE');
    expect((error as Error).message).toContain('exited during start');
    expect((error as Error).message).toContain('boom: cannot open the data dir');
  });

  it('reports a data dir it cannot create as STORE_UNAVAILABLE', async () => {
    const blocker = join(dataDir, 'not-a-directory');
    writeFileSync(blocker, '');
    const error = await manager({ dataDir: join(blocker, 'kioku') })
      .ensureRunning()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddedChromaError);
    expect((error as Error).message).toContain('ENOTDIR');
  });

  it('keeps the server out of reach of other processes: own network namespace, private socket and data dir', async () => {
    const owner = manager();
    const url = await owner.ensureRunning();
    const store = new ChromaRecordStore({ url, socketPath: owner.socketPath });
    await store.ensureCollection('memories', { dimension: 3 });
    await store.upsert('memories', [record('mem_1', [1, 0, 0], {}, 'private content')]);

    const pid = owner.serverPid as number;
    expect(readlinkSync(`/proc/${pid}/ns/net`)).not.toBe(readlinkSync('/proc/self/ns/net'));
    expect(plainTcpClientReads(url)).toBe(false);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, 'chroma.sock')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'chroma-server.json')).mode & 0o777).toBe(0o600);
    if (process.getuid?.() === 0) {
      // Another user cannot even reach the socket: the data dir is 0700.
      const socket = JSON.stringify(join(dataDir, 'chroma.sock'));
      const probe = `require('node:net').connect(${socket}).on('connect', () => process.exit(0)).on('error', (e) => process.exit(e.code === 'EACCES' ? 4 : 5));`;
      const [file, ...args] = setprivAs(65534, probe);
      expect(spawnSync(file, args, { stdio: 'ignore', timeout: 10_000 }).status).toBe(4);
    }
  });

  it('tightens a data dir an older kioku left readable by others', async () => {
    chmodSync(dataDir, 0o755);
    await manager().ensureRunning();
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });

  it('creates a missing data dir 0700', async () => {
    const nested = join(dataDir, 'new', 'kioku');
    mkdirSync(join(dataDir, 'new'));
    await manager({ dataDir: nested }).ensureRunning();
    expect(statSync(nested).mode & 0o777).toBe(0o700);
  });

  it('refuses a loopback TCP port where the server cannot be isolated, saying why and what to do', async () => {
    const owner = manager({ isolateNetwork: false });
    const error: Error = await owner.ensureRunning().then(
      () => new Error('started'),
      (e: unknown) => e as Error,
    );
    expect(error).toMatchObject({ code: 'STORE_UNAVAILABLE' });
    expect(error.message).toContain('turned off (isolateNetwork: false)');
    expect(error.message).toContain('DNS rebinding');
    expect(error.message).toContain('KIOKU_CHROMA_ALLOW_UNPROTECTED_PORT=true');
    expect(findChromaServerProcesses(join(dataDir, 'chroma'))).toHaveLength(0);
  });

  it('listens on a loopback TCP port, with a warning, only when allowed by name', async () => {
    const warnings: string[] = [];
    const logger: Logger = {
      debug: () => undefined,
      info: () => undefined,
      warn: (event) => void warnings.push(event),
      error: () => undefined,
    };
    const owner = manager({ isolateNetwork: false, allowLoopbackPort: true, logger });
    const url = await owner.ensureRunning();
    expect(owner.socketPath).toBeUndefined();
    expect(await heartbeatOk(url)).toBe(true);
    expect(warnings).toContain('vector_store.chroma_embedded.not_isolated');
  });

  it('keeps a data dir whose path is too long for a Unix socket isolated, through a short private folder', async () => {
    const long = join(dataDir, 'a-rather-long-folder-name-'.repeat(4), 'kioku');
    const owner = manager({ dataDir: long });
    const url = await owner.ensureRunning();
    expect(owner.socketPath).toBeDefined();
    expect(owner.socketPath?.startsWith(long)).toBe(false);
    expect(statSync(dirname(owner.socketPath as string)).mode & 0o777).toBe(0o700);
    expect(await heartbeatOk(url, owner.socketPath)).toBe(true);
  });

  it('rejects a relative data dir', () => {
    expect(() => new ChromaServerManager({ dataDir: 'relative/dir' })).toThrow(
      expect.objectContaining({ code: 'CONFIG_INVALID' }),
    );
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The pid of a process that has already exited. */
async function deadProcessPid(): Promise<number> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid as number;
}
