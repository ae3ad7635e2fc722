/**
 * The package as users install it: `npm pack`, `npm install -g` of the tarball into an
 * empty prefix, then the installed `kioku` — not the checkout — serves MCP over stdio on the embedded
 * default (remember and recall through the MCP SDK client) and runs its other commands. The default
 * store is in the process: nothing is fetched at run time (the test's home gets an ~/.npmrc with this
 * machine's npm cache and CA file, as a user's home has, and still nothing may be fetched). The ONNX
 * engine's runtime is not installed with kioku: chosen without it, kioku names the command to install
 * it; installed beside kioku with that command, the engine embeds.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { callTool } from './testing/call-tool';
import { rememberThenRecall } from './testing/remember-then-recall';
import { installPackedKioku, type InstalledPackage } from './testing/installed-package';
import { ONNX_RUNTIME_PACKAGE } from '@kioku/embeddings-onnx';
import { testModel, writeModelFolder } from '@kioku/embeddings-onnx/testing';

describe('the packed and installed kioku', () => {
  let installed: InstalledPackage;
  const home = mkdtempSync(join(tmpdir(), 'kioku-package-home-'));
  const env = () => ({ PATH: installed.path, HOME: home, KIOKU_LOG_LEVEL: 'warn' });
  /** An MCP client of the installed `kioku mcp` over stdio. */
  const session = async (environment: Record<string, string>) => {
    const client = new Client({ name: 'package-test', version: '1' });
    await client.connect(
      new StdioClientTransport({ command: installed.bin, args: ['mcp'], env: environment, stderr: 'pipe' }),
    );
    return client;
  };

  beforeAll(() => {
    installed = installPackedKioku();
    writeFileSync(join(home, '.npmrc'), userNpmConfig());
  }, 600_000);

  afterAll(() => {
    rmSync(home, { recursive: true, force: true });
    if (installed) rmSync(join(installed.prefix, '..'), { recursive: true, force: true });
  });

  it('installs the built command only: no sources, no TypeScript runner', () => {
    const root = join(installed.prefix, 'lib', 'node_modules', 'kioku');
    expect(existsSync(join(root, 'dist', 'mcp.js'))).toBe(true);
    expect(existsSync(join(root, 'apps'))).toBe(false);
    expect(existsSync(join(root, 'node_modules', 'tsx'))).toBe(false);
  });

  it('brings no development tools, no compiled addon on Node 22 and later, and no Chroma build', () => {
    const modules = join(installed.prefix, 'lib', 'node_modules', 'kioku', 'node_modules');
    expect(existsSync(join(modules, 'typescript'))).toBe(false);
    expect(existsSync(join(modules, '@typescript'))).toBe(false);
    if (Number(process.versions.node.split('.')[0]) >= 22) {
      expect(existsSync(join(modules, 'better-sqlite3'))).toBe(false);
    }
    const bindings = [modules, join(modules, 'chromadb', 'node_modules')].flatMap((dir) =>
      existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith('chromadb-js-bindings-')) : [],
    );
    expect(bindings).toEqual([]);
    expect(existsSync(join(modules, 'chromadb'))).toBe(false);
    expect(existsSync(join(modules, 'usearch', 'prebuilds'))).toBe(true);
  });

  it('serves MCP over stdio on the embedded default: remember, then recall finds it', async () => {
    const client = await session(env());
    try {
      expect((await client.listTools()).tools).toHaveLength(12);
      const saved = await callTool(client, 'remember', {
        content: 'The spare house key hangs behind the blue kettle.',
      });
      expect(saved.text).toMatch(/^Saved \(id: mem_[0-9a-f]{12}\)/);
      const found = await callTool(client, 'recall', { query: 'where is the spare key', n_results: 1 });
      expect(found.data.results[0].id).toBe(saved.data.memory.id);
    } finally {
      await client.close();
    }
    // The default store is one file in the data dir: no Chroma, nothing fetched, anywhere.
    expect(existsSync(join(home, '.kioku', 'store.sqlite'))).toBe(true);
    expect(existsSync(join(home, '.kioku', 'chroma'))).toBe(false);
    expect(existsSync(join(installed.prefix, 'lib', 'node_modules', 'kioku', 'runtime'))).toBe(false);
    expect(existsSync(join(home, '.kioku', 'runtime'))).toBe(false);
  }, 300_000);

  it('runs the worker, reembed and the benchmark on the same data', async () => {
    const integrity = await run(installed.bin, ['worker', '--once', 'integrity'], env());
    expect(integrity.code).toBe(0);
    expect(integrity.stdout).toContain('"status":"ok"');
    const reembed = await run(installed.bin, ['reembed'], env());
    expect(reembed).toMatchObject({ code: 0 });
    expect(reembed.stdout).toMatch(/^Namespace "default" already uses local:.*: nothing to do\.$/m);
    const bench = await run(installed.bin, ['bench', 'startup', '--runs', '1'], env());
    expect(bench.code).toBe(0);
    expect(bench.stdout).toMatch(/spawn → first recall/);
  }, 180_000);

  it('serves the HTTP gateway', async () => {
    const gateway = spawn(installed.bin, ['http'], {
      env: { ...env(), KIOKU_HTTP_PORT: '0', KIOKU_HTTP_ALLOW_ANONYMOUS: 'true' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let stderr = '';
        gateway.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          const listening = /listening on (http:\/\/\S+) /.exec(stderr);
          if (listening) resolve(listening[1]);
        });
        gateway.on('exit', (code) => reject(new Error(`kioku http exited (${code}): ${stderr}`)));
      });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      gateway.kill('SIGTERM');
      await new Promise((resolve) => gateway.once('exit', resolve));
    }
  }, 120_000);

  it('runs the ONNX engine once its runtime is installed beside kioku, and names that command before', async () => {
    const modules = join(installed.prefix, 'lib', 'node_modules');
    expect(existsSync(join(modules, 'kioku', 'node_modules', 'onnxruntime-node'))).toBe(false);
    const folder = writeModelFolder(join(home, 'tiny-model'), testModel());
    const onnx = {
      ...env(),
      KIOKU_DATA_DIR: join(home, 'onnx-data'),
      KIOKU_EMBEDDINGS: 'onnx',
      KIOKU_ONNX_MODEL: folder,
    };

    const without = await session(onnx);
    try {
      const refused = await callTool(
        without,
        'remember',
        { content: 'The spare key hangs by the kettle.' },
        240_000,
      );
      expect(refused.isError).toBe(true);
      expect(refused.text).toContain('EMBEDDING_UNAVAILABLE: ');
      expect(refused.text).toContain(`npm install -g ${ONNX_RUNTIME_PACKAGE}`);
    } finally {
      await without.close();
    }

    execFileSync(
      'npm',
      ['install', '-g', '--prefix', installed.prefix, '--no-audit', '--no-fund', ONNX_RUNTIME_PACKAGE],
      {
        env: { ...onnx, ONNXRUNTIME_NODE_INSTALL: 'skip' },
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 300_000,
      },
    );
    expect(existsSync(join(modules, 'onnxruntime-node'))).toBe(true);
    const withRuntime = await session(onnx);
    try {
      await rememberThenRecall(
        withRuntime,
        'The spare key hangs by the kettle.',
        'spare key kettle',
        240_000,
      );
    } finally {
      await withRuntime.close();
    }
  }, 600_000);
});

/** An ~/.npmrc with this machine's npm cache and CA file, so the fetch works as it does for its user. */
function userNpmConfig(): string {
  const get = (key: string) => execFileSync('npm', ['config', 'get', key], { encoding: 'utf8' }).trim();
  const cafile = get('cafile');
  return (
    [
      `cache=${get('cache')}`,
      'prefer-offline=true',
      'update-notifier=false',
      ...(cafile !== 'null' && cafile ? [`cafile=${cafile}`] : []),
    ].join('\n') + '\n'
  );
}

function run(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
