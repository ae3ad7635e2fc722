/**
 * The gateway's MCP session pool over the wire: keys that fill it cannot keep another key out (its
 * initialize takes a place from the key holding the most), no key loses a session to one holding as
 * many, and a refused initialize is a 503 JSON-RPC error with Retry-After.
 */
import { startTestGateway, type ApiResponse, type TestGateway } from '../testing/gateway-harness';

jest.setTimeout(30_000);

const ACCEPT = { accept: 'application/json, text/event-stream' };
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};

describe('MCP sessions shared between keys', () => {
  let t: TestGateway;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestGateway({ KIOKU_HTTP_MCP_MAX_SESSIONS: '2' });
    for (const name of ['alpha', 'beta', 'gamma']) tokens[name] = (await t.createKey(name)).token;
  });

  afterAll(() => t.close());

  const initialize = (key: string) => t.api(tokens[key]).post('/mcp', INITIALIZE, ACCEPT);
  const sessionId = (response: ApiResponse) => String(response.headers['mcp-session-id']);
  const ping = (key: string, session: string) =>
    t
      .api(tokens[key])
      .post(
        '/mcp',
        { jsonrpc: '2.0', id: 2, method: 'ping' },
        { ...ACCEPT, 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' },
      );

  it('lets a key in after another filled the pool, and refuses with Retry-After when the keys hold as many', async () => {
    const first = await initialize('alpha');
    const second = await initialize('alpha');
    expect([first.status, second.status]).toEqual([200, 200]);

    const beta = await initialize('beta');
    expect(beta.status).toBe(200);
    // alpha's least recently used session made room; its other one and beta's go on.
    expect((await ping('alpha', sessionId(first))).status).toBe(404);
    expect((await ping('alpha', sessionId(second))).status).toBe(200);
    expect((await ping('beta', sessionId(beta))).status).toBe(200);

    const gamma = await initialize('gamma');
    expect(gamma.status).toBe(503);
    expect(Number(gamma.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(gamma.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null });
    expect((await ping('alpha', sessionId(second))).status).toBe(200);
    expect((await ping('beta', sessionId(beta))).status).toBe(200);
  });
});
