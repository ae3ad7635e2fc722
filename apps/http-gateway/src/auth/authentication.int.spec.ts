/**
 * Authentication over HTTP: no key, a malformed, unknown or revoked key → 401 problem with a Bearer
 * challenge; keys created or revoked by another process take effect on the next request; anonymous
 * access only when enabled, only from loopback, never through a proxy or a foreign Host header.
 */
import 'reflect-metadata';
import crypto from 'node:crypto';
import { ApiKeyStore } from './api-key-store';
import { startTestGateway, type ApiResponse, type TestGateway } from '../testing/gateway-harness';

// The root Jest config runs projects, where the preset's testTimeout does not apply; the model is slow under load.
jest.setTimeout(30_000);

function expectUnauthorized(response: ApiResponse): void {
  expect(response.status).toBe(401);
  expect(response.headers['www-authenticate']).toBe('Bearer realm="kioku"');
  expect(String(response.headers['content-type'])).toMatch(/^application\/problem\+json/);
  expect(response.body).toMatchObject({
    status: 401,
    code: 'UNAUTHORIZED',
    type: 'urn:kioku:problem:unauthorized',
  });
}

describe('authentication', () => {
  let t: TestGateway;

  beforeAll(async () => {
    t = await startTestGateway();
  });
  afterAll(() => t.close());

  it('refuses requests without a key, with a malformed header, or with an unknown key', async () => {
    const { token } = await t.createKey('alpha');
    expectUnauthorized(await t.api().get('/v1/wake-up'));
    expectUnauthorized(await t.api().post('/v1/recall', { query: 'x' }));
    expectUnauthorized(await t.api().get('/v1/wake-up', { authorization: `Basic ${token}` }));
    expectUnauthorized(await t.api().get('/v1/wake-up', { authorization: 'Bearer' }));
    expectUnauthorized(await t.api('kioku_not-a-token').get('/v1/wake-up'));
    const forged = token.slice(0, 19) + 'A'.repeat(43);
    expectUnauthorized(await t.api(forged).get('/v1/wake-up'));
    expect((await t.api(token).get('/v1/wake-up')).status).toBe(200);
    expect((await t.api().get('/v1/wake-up', { authorization: `bearer   ${token}` })).status).toBe(200);
  });

  it('refuses a revoked key, also when the CLI (another store instance) revokes it', async () => {
    const first = await t.createKey('alpha');
    await t.keys.revoke(first.keyId);
    expectUnauthorized(await t.api(first.token).get('/v1/wake-up'));

    const cli = new ApiKeyStore(t.config.http.keysFile);
    const second = await cli.create({ namespace: 'alpha' });
    expect((await t.api(second.token).get('/v1/wake-up')).status).toBe(200);
    await cli.revoke(second.key.id);
    expectUnauthorized(await t.api(second.token).get('/v1/wake-up'));
  });

  it('compares digests in constant time on every authenticated request', async () => {
    const { token } = await t.createKey('alpha');
    const compare = jest.spyOn(crypto, 'timingSafeEqual');
    await t.api(token).get('/v1/wake-up');
    await t.api(token.slice(0, -2) + 'xx').get('/v1/wake-up');
    expect(compare).toHaveBeenCalledTimes(2);
    compare.mockRestore();
  });

  it('needs no key for /healthz, /readyz, /metrics and /openapi.json', async () => {
    for (const url of ['/healthz', '/readyz', '/metrics', '/openapi.json']) {
      expect((await t.api().get(url)).status).toBe(200);
    }
  });

  it('refuses anonymous access when it is not enabled, and says how to get a key', async () => {
    const response = await t.api().get('/v1/wake-up');
    expect(response.body.detail).toMatch(/keys create --namespace/);
  });
});

describe('anonymous access (KIOKU_HTTP_ALLOW_ANONYMOUS=true on loopback)', () => {
  let t: TestGateway;

  beforeAll(async () => {
    t = await startTestGateway({ KIOKU_HTTP_ALLOW_ANONYMOUS: 'true', KIOKU_NAMESPACE: 'local' });
  });
  afterAll(() => t.close());

  it('serves a local request without a key in KIOKU_NAMESPACE', async () => {
    const saved = await t.api().post('/v1/memories', { content: 'Anonymous note about the garden hose.' });
    expect(saved.status).toBe(201);
    const { token } = await t.createKey('local');
    const recall = await t.api(token).post('/v1/recall', { query: 'garden hose' });
    expect(recall.body.results.map((r: { id: string }) => r.id)).toContain(saved.body.memory.id);
    const other = await t.createKey('elsewhere');
    expect((await t.api(other.token).post('/v1/recall', { query: 'garden hose' })).body.results).toEqual([]);
  });

  it('still refuses a wrong key (never downgrades to anonymous)', async () => {
    expectUnauthorized(await t.api('kioku_000000000000_' + 'A'.repeat(43)).get('/v1/wake-up'));
  });

  it('refuses requests relayed by a proxy or addressed to a non-loopback host name (DNS rebinding)', async () => {
    expectUnauthorized(await t.api().get('/v1/wake-up', { 'x-forwarded-for': '203.0.113.9' }));
    expectUnauthorized(await t.api().get('/v1/wake-up', { forwarded: 'for=203.0.113.9' }));
    // A foreign Host is refused before authentication by the Host allow-list (origin-policy.spec.ts).
    const rebound = await t.api().get('/v1/wake-up', { host: 'evil.example:8787' });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toMatchObject({ code: 'FORBIDDEN' });
    expect((await t.api().get('/v1/wake-up', { host: 'localhost:8787' })).status).toBe(200);
  });
});
