/**
 * Private content never reaches the logs or /metrics (behaviour §10): a canary planted in private
 * memories goes through every REST route that touches it and through /mcp; afterwards neither the
 * log nor the metrics contain it, and the metrics carry no memory id, namespace or key id.
 */
import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startTestGateway, type TestGateway } from './testing/gateway-harness';

// The root Jest config runs projects, where the preset's testTimeout does not apply; the model is slow under load.
jest.setTimeout(30_000);

const CANARY = 'CANARY-7f3a9c-BLUEBIRD';

describe('privacy canary', () => {
  let t: TestGateway;

  beforeAll(async () => {
    t = await startTestGateway();
  });
  afterAll(() => t.close());

  it('keeps the canary out of the log and the metrics; metrics have no ids, namespaces or keys', async () => {
    const { token, keyId } = await t.createKey('secret-garden');
    const api = t.api(token);
    const saved = await api.post('/v1/memories', {
      content: `I am afraid of ${CANARY} and told nobody.`,
      private: true,
      tags: [`tag-${CANARY}`],
      secondary: ['anxious'],
    });
    expect(saved.status).toBe(201);
    const id: string = saved.body.memory.id;
    const other = await api.post('/v1/memories', {
      content: `Second secret: the ${CANARY} lives in the attic.`,
      private: true,
    });
    const otherId: string = other.body.memory.id;

    expect(
      (await api.post('/v1/recall', { query: CANARY })).body.results.map((r: { id: string }) => r.id),
    ).toContain(id);
    await api.patch(`/v1/memories/${id}`, {
      content: `I was afraid of ${CANARY}, less now.`,
      tags: [CANARY],
    });
    await api.post('/v1/forget/query', { query: CANARY });
    await api.post('/v1/links', { source_id: id, target_id: otherId, note: `because ${CANARY}` });
    await api.post('/v1/episodes', { memory_ids: [id, otherId], summary: `The ${CANARY} week` });
    await api.post('/v1/consolidate', {});
    await api.get('/v1/wake-up');
    await api.post('/v1/merge', { keep_id: id, remove_id: otherId, merged_content: `Merged: ${CANARY}` });
    const first = await api.delete(`/v1/memories/${id}`);
    expect(first.body.preview.content).toContain(CANARY);
    await api.delete(`/v1/memories/${id}?confirm=${first.body.confirmationToken}`);
    await api.post(`/v1/memories/${id}/restore`);
    await api.post('/v1/memories', { content: 'x'.repeat(20_000) + CANARY, private: true });
    await api.post('/v1/memories', `{"content": "${CANARY}`, { 'content-type': 'application/json' });

    const client = new Client({ name: 'canary', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    await client.callTool({ name: 'remember', arguments: { content: `MCP says ${CANARY}`, private: true } });
    await client.callTool({ name: 'recall', arguments: { query: CANARY } });
    await client.close();

    const metrics = (await t.api().get('/metrics')).text;
    const log = t.logs.text();
    expect(log).toContain('http.request');
    for (const secret of [CANARY, 'afraid', 'attic']) {
      expect(log).not.toContain(secret);
      expect(metrics).not.toContain(secret);
    }
    for (const identifier of [id, otherId, 'secret-garden', keyId, token])
      expect(metrics).not.toContain(identifier);
    expect(metrics).not.toMatch(/mem_[0-9a-f]{12}|ep_[0-9a-f]{12}|key_[0-9a-f]{12}/);
    expect(metrics).toMatch(
      /kioku_http_requests_total\{method="DELETE",route="\/v1\/memories\/:id",status="202"\} 1/,
    );
    expect(metrics).toMatch(/kioku_operations_total\{operation="remember",transport="mcp"\} 1/);
    expect(metrics).toMatch(/kioku_operations_total\{operation="merge_memories",transport="rest"\} 1/);
    expect(log).not.toContain(token);
  });
});
