/**
 * Hardening of every gateway response: the security headers on REST, /mcp, operations and error
 * answers; at most N requests of one key in flight (the next gets 429 + Retry-After, other keys are
 * served); a request over its time limit gets a 503 problem while its work still completes.
 *
 * Slow requests are made with a gate in front of the real use case (rebound in the container), so the
 * limits are exercised without depending on the machine's speed.
 */
import 'reflect-metadata';
import { SECURITY_HEADERS } from '@kioku/http-guards';
import { MemoryRepository, RecallUseCase, RememberUseCase } from '@kioku/memory';
import { startTestGateway, type ApiResponse, type TestGateway } from './testing/gateway-harness';

jest.setTimeout(60_000);

/** Makes `execute` of a use case wait until `open()` is called. */
function gate<T extends { execute: (...args: never[]) => Promise<unknown> }>(
  t: TestGateway,
  token: new (...args: never[]) => T,
) {
  const real = t.app.container.get(token);
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let waiting = 0;
  const gated = {
    execute: async (...args: Parameters<T['execute']>) => {
      waiting++;
      await opened;
      return (real.execute as (...a: Parameters<T['execute']>) => Promise<unknown>)(...args);
    },
  };
  t.app.container.rebindSync(token).toConstantValue(gated as unknown as T);
  return { open, waiting: () => waiting };
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Event streams keep the MCP SDK's `no-cache, no-transform`, which also keeps them out of caches. */
function expectSecurityHeaders(response: ApiResponse): void {
  const stream = String(response.headers['content-type']).startsWith('text/event-stream');
  expect(response.headers).toMatchObject({
    ...SECURITY_HEADERS,
    ...(stream ? { 'cache-control': expect.stringContaining('no-cache') as unknown } : {}),
  });
}

describe('security headers', () => {
  let t: TestGateway;
  let token: string;

  beforeAll(async () => {
    t = await startTestGateway();
    token = (await t.createKey('alpha')).token;
  });

  afterAll(() => t.close());

  it('are on REST answers, errors included', async () => {
    const api = t.api(token);
    expectSecurityHeaders(await api.post('/v1/memories', { content: 'Headers on a write' }));
    expectSecurityHeaders(await api.post('/v1/memories', { content: '' }));
    expectSecurityHeaders(await t.api().get('/v1/memories/mem_missing'));
    expectSecurityHeaders(await api.get('/v1/no-such-route'));
  });

  it('are on /mcp, /healthz, /readyz and /openapi.json', async () => {
    const mcp = await t.api(token).post(
      '/mcp',
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      { accept: 'application/json, text/event-stream' },
    );
    expect(mcp.status).toBe(200);
    expectSecurityHeaders(mcp);
    for (const path of ['/healthz', '/readyz', '/openapi.json'])
      expectSecurityHeaders(await t.api().get(path));
  });

  it('are on the 403 for a foreign Host, which changes nothing', async () => {
    const before = await t.app.container.get(MemoryRepository).count('alpha');
    const refused = await t.api(token).post('/v1/memories', { content: 'Rebound' }, { host: 'evil.example' });
    expect(refused.status).toBe(403);
    expectSecurityHeaders(refused);
    expect(await t.app.container.get(MemoryRepository).count('alpha')).toBe(before);
  });
});

describe('requests in flight per key', () => {
  let t: TestGateway;

  beforeAll(async () => {
    t = await startTestGateway({ KIOKU_HTTP_MAX_IN_FLIGHT_PER_KEY: '2' });
  });

  afterAll(() => t.close());

  it('refuses a third concurrent request of one key with 429 and Retry-After, and serves other keys', async () => {
    const alpha = (await t.createKey('alpha')).token;
    const beta = (await t.createKey('beta')).token;
    const recall = gate(t, RecallUseCase);
    const slow = [1, 2].map(() => t.api(alpha).post('/v1/recall', { query: 'anything' }));
    await until(() => recall.waiting() === 2);

    const third = await t.api(alpha).post('/v1/recall', { query: 'anything' });
    expect(third.status).toBe(429);
    expect(third.headers['retry-after']).toBe('1');
    expect(third.headers['content-type']).toContain('application/problem+json');
    expect(third.body).toMatchObject({ code: 'TOO_MANY_IN_FLIGHT', status: 429 });
    expectSecurityHeaders(third);
    expect((await t.api(beta).post('/v1/memories', { content: 'Another tenant is served' })).status).toBe(
      201,
    );
    expect((await t.api().get('/healthz')).status).toBe(200);

    recall.open();
    expect((await Promise.all(slow)).map((r) => r.status)).toEqual([200, 200]);
    expect((await t.api(alpha).post('/v1/recall', { query: 'anything' })).status).toBe(200);
  });
});

describe('time limit per request', () => {
  let t: TestGateway;

  beforeAll(async () => {
    t = await startTestGateway({ KIOKU_HTTP_REQUEST_TIMEOUT_SECONDS: '1' });
  });

  afterAll(() => t.close());

  it('answers 503 REQUEST_TIMEOUT with Retry-After, and the write still completes', async () => {
    const { token } = await t.createKey('alpha');
    const repository = t.app.container.get(MemoryRepository);
    const before = await repository.count('alpha');
    const remember = gate(t, RememberUseCase);

    const started = Date.now();
    const response = await t.api(token).post('/v1/memories', { content: 'Written after the deadline' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.body).toMatchObject({ code: 'REQUEST_TIMEOUT', status: 503 });
    expect(response.text).not.toContain('Written after the deadline');
    expectSecurityHeaders(response);
    expect(t.logs.records.some((r) => r.event === 'http.request_timeout')).toBe(true);

    remember.open();
    await until(() => remember.waiting() === 1);
    await expect(
      (async () => {
        const deadline = Date.now() + 10_000;
        while ((await repository.count('alpha')) === before) {
          if (Date.now() > deadline) throw new Error('the write was lost');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })(),
    ).resolves.toBeUndefined();
  });
});
