/**
 * The load's lean MCP client against a real `kioku http` (spawned from bin/kioku on the embedded
 * default, as `kioku bench load` starts it): the session opens (its initialize is answered with an
 * event stream), tools answer, a tool error, a JSON-RPC error and an HTTP refusal become reasons, a
 * client that takes sampling is answered with event streams, and closing ends the session.
 */
import { startLoadGateway, type StartedGateway } from './load-gateway';
import { McpLoadClient } from './load-clients';
import { McpJsonRpcSession } from './mcp-json-rpc-session';

jest.setTimeout(240_000);

describe('McpLoadClient against the gateway', () => {
  let gateway: StartedGateway;
  let token: string;

  beforeAll(async () => {
    gateway = await startLoadGateway(['mcp-a'], 1, () => undefined);
    token = gateway.keys[0].token;
  });

  afterAll(async () => {
    await gateway?.stop();
  });

  const openSessions = async () =>
    /^kioku_mcp_sessions (\d+)$/m.exec(await (await fetch(`${gateway.url}/metrics`)).text())?.[1];

  it('remembers, recalls what it remembered, and ends its session on close', async () => {
    const client = await McpLoadClient.open(gateway.url, token);
    const saved = await client.remember('The lean bench client keeps its kettle on the third shelf.');
    expect(saved).toMatchObject({ kind: 'saved', id: expect.any(String) });
    const recalled = await client.recall('where is the kettle kept');
    expect(recalled).toEqual({ kind: 'found', ids: expect.any(Array) });
    expect((recalled as { ids: string[] }).ids).toContain((saved as { id: string }).id);
    await expect(client.rememberBatch(['A second note about the lean client.'])).resolves.toEqual({
      saved: 1,
    });
    await expect(
      client.remember('The lean bench client keeps its kettle on the third shelf.'),
    ).resolves.toEqual({
      kind: 'duplicate',
    });
    expect(await openSessions()).toBe('1');
    await client.close();
    expect(await openSessions()).toBe('0');
    // The session is gone on the server: a call refused over HTTP is a reason, not a throw.
    await expect(client.recall('kettle')).resolves.toEqual({
      kind: 'error',
      reason: expect.stringMatching(/^recall HTTP 404 /),
    });
  });

  it('turns a tool error and a JSON-RPC error into reasons', async () => {
    const client = await McpLoadClient.open(gateway.url, token);
    await expect(client.remember('')).resolves.toEqual({
      kind: 'error',
      reason: expect.stringMatching(/^remember tool error: /),
    });
    await client.close();
    const session = await McpJsonRpcSession.open(gateway.url, token);
    await expect(session.request('no/such/method', {})).resolves.toEqual({
      reason: expect.stringMatching(/^MCP error -32601: /),
    });
    await session.close();
  });

  it('reads tool answers sent as event streams (a client that takes sampling)', async () => {
    const session = await McpJsonRpcSession.open(gateway.url, token, { sampling: {} });
    const answer = await session.request('tools/call', {
      name: 'recall',
      arguments: { query: 'kettle', n_results: 5 },
    });
    expect(answer).toMatchObject({ result: { structuredContent: { results: expect.any(Array) } } });
    await session.close();
  });

  it('refuses to open with a key the gateway does not know', async () => {
    await expect(McpLoadClient.open(gateway.url, 'kk_not_a_key')).rejects.toThrow(/^initialize: HTTP 401 /);
  });
});
