/**
 * Limits over HTTP: the body size (413 problem, nothing saved), the per-key rate (429 with
 * Retry-After; other keys unaffected) and the result count (n_results at most 20).
 */
import 'reflect-metadata';
import { MemoryRepository } from '@kioku/memory';
import { startTestGateway, type TestGateway } from '../testing/gateway-harness';

// The root Jest config runs projects, where the preset's testTimeout does not apply; the model is slow under load.
jest.setTimeout(30_000);

describe('limits', () => {
  let t: TestGateway;

  beforeAll(async () => {
    t = await startTestGateway({
      KIOKU_HTTP_BODY_LIMIT_BYTES: '4096',
      KIOKU_HTTP_RATE_PER_MINUTE: '60',
      KIOKU_HTTP_RATE_BURST: '5',
    });
  });
  afterAll(() => t.close());

  it('refuses a body over the limit with 413 and saves nothing', async () => {
    const api = t.api((await t.createKey('alpha')).token);
    const response = await api.post('/v1/memories', { content: 'big '.repeat(2000) });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(String(response.headers['content-type'])).toMatch(/^application\/problem\+json/);
    expect(await t.app.container.get(MemoryRepository).count('alpha')).toBe(0);
    expect((await api.post('/v1/memories', { content: 'A small note fits.' })).status).toBe(201);
  });

  it('limits the rate per key with 429 and Retry-After, leaving other keys alone', async () => {
    const busy = t.api((await t.createKey('alpha')).token);
    const calm = t.api((await t.createKey('alpha')).token);
    const statuses = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await busy.get('/v1/wake-up')).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const limited = await busy.get('/v1/wake-up');
    expect(limited.body).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await calm.get('/v1/wake-up')).status).toBe(200);
    expect((await t.api().get('/metrics')).text).toMatch(/^kioku_http_rate_limited_total [1-9]/m);
  });

  it('caps result counts at 20', async () => {
    const api = t.api((await t.createKey('beta')).token);
    const response = await api.post('/v1/recall', { query: 'anything', n_results: 50 });
    expect(response.status).toBe(422);
    expect(response.body.detail).toMatch(/n_results/);
  });
});
