/**
 * DNS rebinding (MCP specification; behaviour §10): the gateway answers only Host and Origin headers on its
 * allow-list — loopback names by default, `KIOKU_ALLOWED_HOSTS` / `KIOKU_ALLOWED_ORIGINS` in a
 * deployment. A refused request gets a 403 before authentication and changes nothing.
 */
import 'reflect-metadata';
import { MemoryRepository } from '@kioku/memory';
import { startTestGateway, type TestGateway } from './testing/gateway-harness';

jest.setTimeout(30_000);

describe('Host and Origin allow-list', () => {
  let t: TestGateway;
  let token: string;

  beforeAll(async () => {
    t = await startTestGateway();
    token = (await t.createKey('alpha')).token;
  });

  afterAll(() => t.close());

  const count = () => t.app.container.get(MemoryRepository).count('alpha');

  it('refuses a foreign Host with 403 and saves nothing, on REST and on /mcp', async () => {
    const before = await count();
    const api = t.api(token);
    const rest = await api.post('/v1/memories', { content: 'Rebound write' }, { host: 'evil.example' });
    expect(rest.status).toBe(403);
    expect(rest.body).toMatchObject({ code: 'FORBIDDEN' });
    expect(rest.text).not.toContain('evil.example');
    const mcp = await api.post(
      '/mcp',
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} },
      { host: 'evil.example:8787', accept: 'application/json, text/event-stream' },
    );
    expect(mcp.status).toBe(403);
    expect(await count()).toBe(before);
  });

  it('refuses a foreign Origin and accepts a loopback one', async () => {
    const api = t.api(token);
    const refused = await api.post(
      '/v1/memories',
      { content: 'From a web page' },
      { origin: 'https://evil.example' },
    );
    expect(refused.status).toBe(403);
    const accepted = await api.post(
      '/v1/memories',
      { content: 'From a local page' },
      { origin: 'http://localhost:3000' },
    );
    expect(accepted.status).toBe(201);
  });

  it('serves the configured hosts of a deployment, and only those', async () => {
    const deployed = await startTestGateway({
      KIOKU_ALLOWED_HOSTS: 'kioku.example.com',
      KIOKU_ALLOWED_ORIGINS: 'https://app.example.com',
    });
    try {
      const api = deployed.api((await deployed.createKey('alpha')).token);
      const ok = await api.post(
        '/v1/memories',
        { content: 'Deployed write' },
        { host: 'kioku.example.com', origin: 'https://app.example.com' },
      );
      expect(ok.status).toBe(201);
      expect((await api.get('/v1/memories/mem_000000000000', { host: '127.0.0.1' })).status).toBe(403);
    } finally {
      await deployed.close();
    }
  });
});
