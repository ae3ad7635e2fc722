/**
 * The embedded server across processes: a separate Node process (started with tsx) owns the server,
 * this test process shares it; killing the owner with SIGKILL must take the server down with it, and
 * this process must then restart it on its next operation, with the data intact.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { record } from '@kioku/testing-contracts';
import { ChromaEmbeddedVectorStore } from './chroma-embedded-vector-store.adapter';
import { ChromaServerManager } from './chroma-server-manager';
import { isProcessAlive } from '@kioku/processes';
import { findChromaServerProcesses } from './process-inspection';

const FIXTURE = join(__dirname, '..', '..', 'testing', 'embedded-server-owner.fixture.ts');

describe('embedded Chroma server across processes', () => {
  let dataDir: string;
  let owner: ChildProcess | undefined;
  let manager: ChromaServerManager | undefined;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kioku-embedded-process-'));
  });

  afterEach(async () => {
    owner?.kill('SIGKILL');
    await manager?.stop();
    for (const stray of findChromaServerProcesses(join(dataDir, 'chroma')))
      process.kill(stray.pid, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  // Linux's parent-death signal, and the launcher's watchdog that macOS and Windows rely on.
  it.each(['parent-death-signal', 'watchdog'])(
    'dies with its owner on SIGKILL (%s), and a sharing process restarts it with the data intact',
    async (tie) => {
      owner = spawn(process.execPath, ['--import', 'tsx', FIXTURE, dataDir, tie], {
        cwd: repositoryRoot(),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const started = await firstJsonLine<{ url: string; pid: number }>(owner, 30_000);
      const persistPath = join(dataDir, 'chroma');
      expect(findChromaServerProcesses(persistPath).map((p) => p.pid)).toEqual([started.pid]);

      manager = new ChromaServerManager({ dataDir });
      const store = new ChromaEmbeddedVectorStore(manager);
      await store.ensureCollection('memories', { dimension: 3 });
      await store.upsert('memories', [record('mem_1', [1, 0, 0], { kind: 'note' }, '共有サーバー')]);
      expect(manager.url).toBe(started.url);
      expect(manager.ownsServer).toBe(false);
      // This process did not start the server: with the URL alone (plain TCP) it reads nothing.
      const collections = `${started.url}/api/v2/tenants/default_tenant/databases/default_database/collections`;
      await expect(fetch(collections)).rejects.toThrow();
      expect(findChromaServerProcesses(persistPath)).toHaveLength(1);

      owner.kill('SIGKILL');
      await waitFor(
        () => !isProcessAlive(started.pid) && findChromaServerProcesses(persistPath).length === 0,
        10_000,
      );

      expect(await store.get('memories', ['mem_1'])).toEqual([
        { id: 'mem_1', metadata: { kind: 'note' }, document: '共有サーバー' },
      ]);
      expect(manager.ownsServer).toBe(true);
      expect(manager.url).not.toBe(started.url);
      expect(findChromaServerProcesses(persistPath).map((p) => p.pid)).toEqual([manager.serverPid]);
    },
  );
});

function repositoryRoot(): string {
  let directory = __dirname;
  while (!existsSync(join(directory, 'tsconfig.base.json'))) {
    const parent = dirname(directory);
    if (parent === directory) throw new Error('repository root not found');
    directory = parent;
  }
  return directory;
}

function firstJsonLine<T>(child: ChildProcess, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
    const timer = setTimeout(
      () => reject(new Error(`no output from the owner process in time; stderr: ${stderr}`)),
      timeoutMs,
    );
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line) as T);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the owner process exited with code ${code}; stderr: ${stderr}`));
    });
  });
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
