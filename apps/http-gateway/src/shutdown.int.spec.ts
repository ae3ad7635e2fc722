/**
 * Graceful shutdown: readiness turns 503, an in-flight request finishes with its answer, MCP
 * sessions (and their open event streams) are closed, the server stops accepting, and only then is
 * the container released.
 */
import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { RecallUseCase } from '@kioku/memory';
import { shutdownGateway } from './shutdown';
import { httpRequest, startTestGateway, type TestGateway } from './testing/gateway-harness';

// The root Jest config runs projects, where the preset's testTimeout does not apply; the model is slow under load.
jest.setTimeout(30_000);

describe('graceful shutdown', () => {
  let t: TestGateway;

  beforeAll(async () => {
    t = await startTestGateway();
  });
  afterAll(() => t.close());

  it('drains in-flight requests, closes MCP sessions, then closes the container', async () => {
    const { token } = await t.createKey('alpha');
    const client = new Client({ name: 'shutdown', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    expect(t.gateway.mcpSessions.size).toBe(1);

    const order: string[] = [];
    const recall = t.app.container.get(RecallUseCase);
    const original = recall.execute.bind(recall);
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    jest.spyOn(recall, 'execute').mockImplementation(async (input, context) => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 400));
      const result = await original(input, context);
      order.push('request served');
      return result;
    });
    const close = t.app.close.bind(t.app);
    jest.spyOn(t.app, 'close').mockImplementation(async () => {
      order.push('container closed');
      await close();
    });

    const slow = t.api(token).post('/v1/recall', { query: 'anything at all' });
    await inFlight;
    const stopping = shutdownGateway(t.gateway, t.app, { timeoutMs: 5000, reason: 'test' });
    const answered = await slow;
    expect(answered.status).toBe(200);
    expect(answered.headers.connection).toBe('close');
    const answeredAt = Date.now();
    await stopping;
    expect(Date.now() - answeredAt).toBeLessThan(2000);

    expect(order).toEqual(['request served', 'container closed']);
    expect(t.gateway.mcpSessions.size).toBe(0);
    await expect(httpRequest(`${t.baseUrl}/healthz`, 'GET', {})).rejects.toThrow(/ECONNREFUSED/);
    expect(t.logs.records.map((r) => r.event)).toEqual(
      expect.arrayContaining(['app.stopping', 'app.stopped']),
    );
    await client.close();
  });
});

describe('while stopping', () => {
  let t: TestGateway;

  beforeAll(async () => {
    t = await startTestGateway();
  });
  afterAll(() => t.close());

  it('answers readiness and new requests with a 503 problem and closes the connection', async () => {
    const { token } = await t.createKey('alpha');
    t.gateway.beginShutdown();
    const ready = await t.api().get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ code: 'SHUTTING_DOWN', status: 503 });
    const request = await t.api(token).get('/v1/wake-up');
    expect(request.body).toMatchObject({ code: 'SHUTTING_DOWN', status: 503 });
    expect(request.headers.connection).toBe('close');
  });
});
