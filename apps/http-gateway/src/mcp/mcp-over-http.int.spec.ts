/**
 * MCP at /mcp with the SDK's Streamable HTTP client and a bearer key: the same tools as the MCP
 * server, the key's namespace (shared with REST, isolated from other keys), sessions bound to their
 * key, per-session forget confirmations, session end and shutdown.
 */
import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { httpRequest, startTestGateway, type TestGateway } from '../testing/gateway-harness';

// The root Jest config runs projects, where the preset's testTimeout does not apply; the model is slow under load.
jest.setTimeout(30_000);

describe('MCP over HTTP at /mcp', () => {
  let t: TestGateway;
  let alphaToken: string;
  let betaToken: string;

  const connect = async (token?: string) => {
    const transport = new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/mcp`), {
      requestInit: token ? { headers: { authorization: `Bearer ${token}` } } : {},
    });
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(transport);
    return { client, transport };
  };
  const call = async (client: Client, name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    return {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- structured content is tool-specific
      data: result.structuredContent as any,
      isError: result.isError === true,
      text: (result.content[0] as { text: string }).text,
    };
  };

  beforeAll(async () => {
    t = await startTestGateway();
    alphaToken = (await t.createKey('alpha')).token;
    betaToken = (await t.createKey('beta')).token;
  });
  afterAll(() => t.close());

  it('serves the MCP tools in the key namespace, shared with REST and isolated from other keys', async () => {
    const alpha = await connect(alphaToken);
    const { tools } = await alpha.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'consolidate',
      'create_episode',
      'forget',
      'get_episode',
      'link_memories',
      'merge_memories',
      'recall',
      'remember',
      'remember_batch',
      'restore',
      'update_memory',
      'wake_up',
    ]);
    const saved = await call(alpha.client, 'remember', {
      content: 'Alpha heard a nightingale singing at midnight.',
    });
    expect(saved.text).toMatch(/^Saved \(id: mem_/);
    const id: string = saved.data.memory.id;

    const rest = await t.api(alphaToken).post('/v1/recall', { query: 'nightingale at midnight' });
    expect(rest.body.results.map((r: { id: string }) => r.id)).toContain(id);

    const beta = await connect(betaToken);
    const betaRecall = await call(beta.client, 'recall', { query: 'nightingale at midnight', n_results: 20 });
    expect(betaRecall.data.results).toEqual([]);
    const betaUpdate = await call(beta.client, 'update_memory', { memory_id: id, content: 'hijacked' });
    expect(betaUpdate.data.status).toBe('not_found');
    await alpha.client.close();
    await beta.client.close();
  });

  it('refuses /mcp without a valid key (401)', async () => {
    await expect(connect()).rejects.toThrow(/401/);
    await expect(connect('kioku_000000000000_' + 'A'.repeat(43))).rejects.toThrow(/401/);
    const raw = await httpRequest(`${t.baseUrl}/mcp`, 'POST', { 'content-type': 'application/json' }, '{}');
    expect(raw.status).toBe(401);
  });

  it("answers 404 when a key presents another key's session id", async () => {
    const alpha = await connect(alphaToken);
    const sessionId = alpha.transport.sessionId!;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const stolen = await httpRequest(
      `${t.baseUrl}/mcp`,
      'POST',
      {
        authorization: `Bearer ${betaToken}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-06-18',
      },
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    );
    expect(stolen.status).toBe(404);
    expect(JSON.parse(stolen.text)).toMatchObject({ jsonrpc: '2.0', error: { code: -32001 } });
    expect((await alpha.client.listTools()).tools.length).toBe(12);
    await alpha.client.close();
  });

  it('keeps forget confirmations per session: a second call in another session does not delete', async () => {
    const one = await connect(alphaToken);
    const two = await connect(alphaToken);
    const id: string = (
      await call(one.client, 'remember', { content: 'Alpha misplaced the red bicycle pump.' })
    ).data.memory.id;
    expect((await call(one.client, 'forget', { memory_id: id })).data.pending).toHaveLength(1);
    expect((await call(two.client, 'forget', { memory_id: id })).data.forgotten).toEqual([]);
    expect((await call(one.client, 'forget', { memory_id: id })).data.forgotten).toEqual([id]);
    await one.client.close();
    await two.client.close();
  });

  it('ends a session on DELETE and counts sessions and tool calls in the metrics', async () => {
    const before = t.gateway.mcpSessions.size;
    const session = await connect(alphaToken);
    expect(t.gateway.mcpSessions.size).toBe(before + 1);
    await call(session.client, 'wake_up', {});
    await session.transport.terminateSession();
    expect(t.gateway.mcpSessions.size).toBe(before);
    await session.client.close();
    const metrics = (await t.api().get('/metrics')).text;
    expect(metrics).toMatch(/kioku_operations_total\{operation="wake_up",transport="mcp"\} \d+/);
    expect(metrics).toMatch(/kioku_http_requests_total\{method="POST",route="\/mcp",status="200"\} \d+/);
    expect(metrics).toMatch(/^kioku_mcp_sessions \d+/m);
  });

  it('refuses a non-initialize request without a session (400)', async () => {
    const response = await httpRequest(
      `${t.baseUrl}/mcp`,
      'POST',
      {
        authorization: `Bearer ${alphaToken}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    );
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toMatchObject({ error: { code: -32000 } });
  });
});
