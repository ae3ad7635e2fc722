/**
 * End to end, as an operator runs it: `node bin/kioku http` as a real process on the embedded
 * default (the in-process store under a temporary KIOKU_DATA_DIR, the local model), keys created
 * and revoked with `bin/kioku http keys`, REST and MCP (the SDK's Streamable HTTP client with a
 * bearer key) driven for two namespaces; it listens on its own port only and starts no process; then
 * SIGTERM: a clean exit.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { httpRequest } from './testing/gateway-harness';
import { childProcesses, listeningSockets } from '@kioku/processes';

const KIOKU = resolve(__dirname, '../../../bin/kioku');
const CANARY = 'E2E-CANARY-0b7d1e';
const run = promisify(execFile);

jest.setTimeout(60_000);

interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON fields
  body: any;
}

describe('kioku http as a process (the embedded default, local model)', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let gateway: ChildProcess;
  let stderr = '';
  let baseUrl: string;
  let alphaToken: string;
  let betaToken: string;

  const cli = async (...args: string[]) => run(process.execPath, [KIOKU, 'http', ...args], { env });
  const request = async (method: string, url: string, token?: string, body?: unknown): Promise<Reply> => {
    const response = await httpRequest(
      baseUrl + url,
      method,
      {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body === undefined ? undefined : JSON.stringify(body),
    );
    let parsed: unknown;
    try {
      parsed = JSON.parse(response.text);
    } catch {
      parsed = response.text;
    }
    return { status: response.status, body: parsed };
  };
  const mcp = async (token: string) => {
    const client = new Client({ name: 'e2e', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    return client;
  };
  const callTool = async (client: Client, name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- structured content is tool-specific
    return result.structuredContent as any;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kioku-http-e2e-'));
    env = {
      PATH: process.env.PATH ?? '',
      HOME: dataDir,
      KIOKU_DATA_DIR: dataDir,
      KIOKU_LOG_FILE: join(dataDir, 'gateway.log'),
      KIOKU_LOG_LEVEL: 'debug',
      KIOKU_HTTP_PORT: '0',
    };
    alphaToken = (await cli('keys', 'create', '--namespace', 'alpha', '--label', 'e2e alpha')).stdout.trim();
    betaToken = (await cli('keys', 'create', '--namespace', 'beta')).stdout.trim();

    gateway = spawn(process.execPath, [KIOKU, 'http'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    baseUrl = await new Promise<string>((resolveUrl, reject) => {
      const timer = setTimeout(() => reject(new Error(`gateway did not start:\n${stderr}`)), 90_000);
      gateway.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
        if (match) {
          clearTimeout(timer);
          resolveUrl(match[1]);
        }
      });
      gateway.once('exit', (code) => reject(new Error(`gateway exited with ${code}:\n${stderr}`)));
    });
  }, 120_000);

  afterAll(async () => {
    if (gateway && gateway.exitCode === null) gateway.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('created the keys with the CLI: tokens printed once, listed without tokens, stored hashed', async () => {
    expect(alphaToken).toMatch(/^kioku_[0-9a-f]{12}_\S{43}$/);
    expect(betaToken).toMatch(/^kioku_[0-9a-f]{12}_\S{43}$/);
    const listed = (await cli('keys', 'list')).stdout;
    expect(listed).toMatch(/key_[0-9a-f]{12}\s+alpha\s+e2e alpha/);
    expect(listed).toMatch(/key_[0-9a-f]{12}\s+beta/);
    const file = readFileSync(join(dataDir, 'api-keys.json'), 'utf8');
    for (const token of [alphaToken, betaToken]) {
      expect(listed).not.toContain(token.slice(19));
      expect(file).not.toContain(token.slice(19));
    }
    expect(stderr).not.toMatch(/No API keys yet/);
  });

  it('is healthy, ready, documented and refuses requests without a key', async () => {
    expect((await request('GET', '/healthz')).body).toEqual({ status: 'ok' });
    expect((await request('GET', '/readyz')).body).toEqual({ status: 'ready' });
    expect((await request('GET', '/openapi.json')).body.openapi).toBe('3.1.0');
    const refused = await request('POST', '/v1/recall', undefined, { query: 'x' });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('UNAUTHORIZED');
  });

  it('serves REST for two namespaces without crossing them', async () => {
    const alphaSaved = await request('POST', '/v1/memories', alphaToken, {
      content: 'Alpha planted tomatoes and basil on the balcony.',
      tags: ['garden'],
    });
    expect(alphaSaved.status).toBe(201);
    const betaSaved = await request('POST', '/v1/memories', betaToken, {
      content: `Beta keeps a private worry about the ${CANARY} exam.`,
      private: true,
    });
    expect(betaSaved.status).toBe(201);
    const alphaId: string = alphaSaved.body.memory.id;
    const betaId: string = betaSaved.body.memory.id;

    const alphaRecall = await request('POST', '/v1/recall', alphaToken, {
      query: 'balcony garden tomatoes',
      n_results: 20,
    });
    expect(alphaRecall.body.results.map((r: { id: string }) => r.id)).toEqual([alphaId]);
    const betaRecall = await request('POST', '/v1/recall', betaToken, { query: 'exam worry', n_results: 20 });
    expect(betaRecall.body.results.map((r: { id: string }) => r.id)).toEqual([betaId]);
    expect(betaRecall.body.results[0].private).toBe(true);

    expect((await request('PATCH', `/v1/memories/${betaId}`, alphaToken, { importance: 1 })).status).toBe(
      404,
    );
    expect((await request('DELETE', `/v1/memories/${betaId}`, alphaToken)).status).toBe(404);

    const episode = await request('POST', '/v1/episodes', alphaToken, {
      memory_ids: [alphaId],
      summary: 'Balcony garden',
    });
    expect(episode.status).toBe(201);
    expect((await request('GET', `/v1/episodes/${episode.body.episodeId}`, betaToken)).status).toBe(404);
    expect((await request('GET', `/v1/episodes/${episode.body.episodeId}`, alphaToken)).body.summary).toBe(
      'Balcony garden',
    );

    const first = await request('DELETE', `/v1/memories/${alphaId}`, alphaToken);
    expect(first.status).toBe(202);
    const second = await request(
      'DELETE',
      `/v1/memories/${alphaId}?confirm=${first.body.confirmationToken}`,
      alphaToken,
    );
    expect(second.body.forgotten).toEqual([alphaId]);
    expect((await request('POST', `/v1/memories/${alphaId}/restore`, alphaToken)).body.status).toBe(
      'restored',
    );
    expect((await request('GET', '/v1/wake-up', alphaToken)).body.total).toBe(1);
    expect((await request('GET', '/v1/wake-up', betaToken)).body.total).toBe(1);
  });

  it('serves MCP at /mcp in the key namespace, shared with REST and isolated', async () => {
    const alpha = await mcp(alphaToken);
    const beta = await mcp(betaToken);
    expect((await alpha.listTools()).tools).toHaveLength(12);

    const saved = await callTool(beta, 'remember', {
      content: 'Beta adopted a three-legged tortoise named Dash.',
    });
    expect(saved.status).toBe('saved');
    const rest = await request('POST', '/v1/recall', betaToken, { query: 'tortoise named Dash' });
    expect(rest.body.results.map((r: { id: string }) => r.id)).toContain(saved.memory.id);

    const alphaRecall = await callTool(alpha, 'recall', { query: 'tortoise named Dash', n_results: 20 });
    expect(alphaRecall.results.map((r: { id: string }) => r.id)).not.toContain(saved.memory.id);
    const alphaForget = await callTool(alpha, 'forget', { memory_id: saved.memory.id });
    expect(alphaForget.notFound).toEqual([saved.memory.id]);

    const wakeUp = await callTool(alpha, 'wake_up', {});
    expect(wakeUp.total).toBe(1);
    await alpha.close();
    await beta.close();
  });

  it('runs every worker job once on the same store while the gateway serves, keeping namespaces apart', async () => {
    const workerEnv = {
      ...env,
      KIOKU_WORKER_NAMESPACES: 'alpha,beta',
      KIOKU_LOG_FILE: join(dataDir, 'worker.log'),
    };
    for (const job of ['consolidate', 'auto-forget', 'purge-trash', 'integrity', 'reembed']) {
      // execFile rejects on a non-zero exit code.
      await run(process.execPath, [KIOKU, 'worker', '--once', job], { env: workerEnv });
      const reports = readFileSync(join(dataDir, 'worker-reports', `${job}.jsonl`), 'utf8')
        .trim()
        .split('\n');
      const runs = reports.map((line) => JSON.parse(line) as { namespace: string; status: string });
      expect(runs.map((r) => `${r.namespace}:${r.status}`).sort()).toEqual(['alpha:ok', 'beta:ok']);
    }
    const alpha = await request('POST', '/v1/recall', alphaToken, {
      query: 'tomatoes exam worry',
      n_results: 20,
    });
    const beta = await request('POST', '/v1/recall', betaToken, {
      query: 'tomatoes exam worry',
      n_results: 20,
    });
    const alphaIds = alpha.body.results.map((r: { id: string }) => r.id);
    const betaIds = beta.body.results.map((r: { id: string }) => r.id);
    expect(alphaIds.length).toBeGreaterThan(0);
    expect(betaIds.length).toBeGreaterThan(0);
    expect(alphaIds.filter((id: string) => betaIds.includes(id))).toEqual([]);
    expect(readFileSync(join(dataDir, 'worker.log'), 'utf8')).not.toContain(CANARY);
  }, 180_000);

  it('refuses a key revoked with the CLI on its next request', async () => {
    const listed = JSON.parse((await cli('keys', 'list', '--json')).stdout) as {
      id: string;
      namespace: string;
    }[];
    const alphaKey = listed.find((k) => k.namespace === 'alpha')!;
    await cli('keys', 'revoke', alphaKey.id);
    expect((await request('GET', '/v1/wake-up', alphaToken)).status).toBe(401);
    expect((await request('GET', '/v1/wake-up', betaToken)).status).toBe(200);
  });

  it('keeps private content out of the log and the metrics', async () => {
    const metrics = (await request('GET', '/metrics')).body as string;
    expect(metrics).toContain('kioku_http_requests_total');
    expect(metrics).not.toContain(CANARY);
    expect(metrics).not.toMatch(/mem_[0-9a-f]{12}|key_[0-9a-f]{12}|alpha|beta/);
    const log = readFileSync(join(dataDir, 'gateway.log'), 'utf8');
    expect(log).toContain('"event":"http.request"');
    expect(log).not.toContain(CANARY);
    expect(log).not.toContain(alphaToken);
  });

  it('takes two remember_batch requests in flight and stores them in arrival order', async () => {
    const token = (await cli('keys', 'create', '--namespace', 'bulk')).stdout.trim();
    const repeated = 'The user adopted a grey cat named Mochi last spring.';
    const first = Array.from({ length: 63 }, (_, i) => ({
      content: `Shelf ${i + 1} of the garage holds box number ${(i + 1) * 7} of winter clothes.`,
    }));
    first.push({ content: repeated });
    const sentFirst = request('POST', '/v1/memories/batch', token, { memories: first });
    // The second request arrives while the first is being embedded: its repeat of the first batch's last
    // item must still be refused, so its store work waited for the first batch's.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const sentSecond = request('POST', '/v1/memories/batch', token, {
      memories: [{ content: repeated }, { content: 'The user booked a ryokan in Kyoto for April.' }],
    });
    const [one, two] = await Promise.all([sentFirst, sentSecond]);
    expect(one.body).toMatchObject({ saved: 64, duplicates: 0, errors: 0 });
    expect(two.body).toMatchObject({ saved: 1, duplicates: 1, errors: 0 });
    expect(two.body.results[0].existing.id).toBe(one.body.results[63].memory.id);
  });

  it('listens on its own port only and starts no process', () => {
    expect(listeningSockets(gateway.pid as number)).toEqual({
      ports: [`tcp:${new URL(baseUrl).port}`],
      unix: [],
    });
    expect(childProcesses(gateway.pid as number)).toEqual([]);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const exited = new Promise<number | null>((resolveExit) =>
      gateway.once('exit', (code) => resolveExit(code)),
    );
    gateway.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(readFileSync(join(dataDir, 'gateway.log'), 'utf8')).toMatch(/"event":"app.stopped"/);
  }, 30_000);
});

describe('kioku http start-up messages', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'kioku-http-start-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const start = (extra: NodeJS.ProcessEnv) =>
    spawn(process.execPath, [KIOKU, 'http'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dataDir,
        KIOKU_DATA_DIR: dataDir,
        KIOKU_VECTOR_STORE: 'memory',
        KIOKU_LOG_LEVEL: 'silent',
        ...extra,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });

  it('with no keys, says on stderr how to create one (and prints nothing on stdout)', async () => {
    const child = start({ KIOKU_HTTP_PORT: '0' });
    let err = '';
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    await new Promise<void>((resolveReady, reject) => {
      const timer = setTimeout(() => reject(new Error(err)), 60_000);
      child.stderr.on('data', (c: Buffer) => {
        err += c.toString();
        if (/keys create --namespace/.test(err)) {
          clearTimeout(timer);
          resolveReady();
        }
      });
    });
    expect(err).toMatch(/No API keys yet/);
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(out).toBe('');
  }, 90_000);

  it('refuses anonymous access off loopback at start with exit code 2, naming the variable', async () => {
    const child = start({ KIOKU_HTTP_ALLOW_ANONYMOUS: 'true', KIOKU_HTTP_HOST: '0.0.0.0' });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
    expect(code).toBe(2);
    expect(err).toMatch(/^kioku: CONFIG_INVALID: .*KIOKU_HTTP_ALLOW_ANONYMOUS/m);
  }, 60_000);
});
