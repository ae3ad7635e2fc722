/**
 * `kioku mcp --http` answers only Host and Origin headers on its allow-list (the MCP specification's
 * DNS-rebinding defence): a foreign one gets a 403 JSON-RPC error before any session exists; a
 * loopback client initialises as usual. Every answer carries the security headers. A request is
 * answered with plain JSON unless the server may send something about it first (session-transport.ts).
 */
import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createAppContainer, type AppContainer } from '@kioku/composition';
import { parseConfig } from '@kioku/config';
import { KERNEL_TOKENS } from '@kioku/kernel';
import { freeLoopbackPort } from '@kioku/processes';
import { SECURITY_HEADERS } from '@kioku/http-guards';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveStreamableHttp } from './http-transport';
import { runKioku } from './testing/run-kioku';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  LoggingMessageNotificationSchema,
  type LoggingMessageNotification,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';

jest.setTimeout(30_000);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const KEY = 'k'.repeat(20) + '0123456789abcdef0123';

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
});

/** An MCP initialize request with these headers (and these client capabilities). */
function post(port: number, headers: Record<string, string>, capabilities = {}): Promise<Answer> {
  const initialize = JSON.parse(INITIALIZE) as { params: object };
  const payload = JSON.stringify({ ...initialize, params: { ...initialize.params, capabilities } });
  return send(port, payload, { accept: 'application/json, text/event-stream', ...headers });
}

/** A `ping` in a new session of a client with these capabilities, with or without a progress token. */
async function pingInSession(
  port: number,
  capabilities: object,
  progressToken?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const opened = await post(port, {}, capabilities);
  const ping = {
    jsonrpc: '2.0',
    id: 2,
    method: 'ping',
    params: progressToken ? { _meta: { progressToken } } : {},
  };
  return send(port, JSON.stringify(ping), {
    accept: 'application/json, text/event-stream',
    'mcp-session-id': String(opened.headers['mcp-session-id']),
    ...headers,
  });
}

function send(port: number, payload: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    // The server may answer and close before the whole body is sent.
    request.on('error', reject);
    request.end(payload);
  });
}

/** `kioku mcp --http`'s transport on a loopback port over the in-memory store, opened before the suite's tests. */
function servedDuringSuite(key?: string): { port: number } {
  const served = { port: 0 };
  let app: AppContainer;
  let server: Server;
  beforeAll(async () => {
    const config = parseConfig({ KIOKU_VECTOR_STORE: 'memory', KIOKU_LOG_LEVEL: 'silent' });
    app = await createAppContainer(config, { appName: 'test' });
    const services = {
      container: Promise.resolve(app.container),
      logger: app.logger,
      clock: app.container.get(KERNEL_TOKENS.Clock),
    };
    server = await serveStreamableHttp(services, config.namespace, {
      host: '127.0.0.1',
      port: 0,
      originPolicy: config.originPolicy,
      ...(key === undefined ? {} : { key }),
    });
    served.port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await app.close();
  });
  return served;
}

describe('kioku mcp --http Host and Origin checks', () => {
  const served = servedDuringSuite();

  it.each([
    [{ host: 'evil.example' }, /Host is not allowed/],
    [{ host: `evil.example:1234` }, /Host is not allowed/],
    [{ origin: 'https://evil.example' }, /Origin is not allowed/],
  ])('refuses %j with 403', async (headers, message) => {
    const response = await post(served.port, headers);
    expect(response.status).toBe(403);
    expect(response.headers).toMatchObject(SECURITY_HEADERS);
    expect(JSON.parse(response.body)).toMatchObject({
      jsonrpc: '2.0',
      error: { message: expect.stringMatching(message) },
    });
  });

  it('initialises a loopback client', async () => {
    const response = await post(served.port, { origin: `http://localhost:${served.port}` });
    expect(response.status).toBe(200);
    // The event stream keeps the SDK's `no-cache, no-transform`; everything else is ours.
    expect(response.headers).toMatchObject({
      ...SECURITY_HEADERS,
      'cache-control': expect.stringContaining('no-cache') as unknown,
    });
    expect(response.body).toContain('"protocolVersion"');
  });

  it('answers a request with plain JSON unless the server may speak first: sampling, elicitation, progress', async () => {
    const plain = await pingInSession(served.port, {});
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers).toMatchObject(SECURITY_HEADERS);
    expect(JSON.parse(plain.body)).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    // With the protocol version header every client sends after initialize: answered by the session
    // itself, the same JSON; other headers are still the SDK's to refuse.
    const usual = await pingInSession(served.port, {}, undefined, { 'mcp-protocol-version': '2025-06-18' });
    expect(usual.status).toBe(200);
    expect(usual.headers['content-type']).toBe('application/json');
    expect(usual.headers).toMatchObject(SECURITY_HEADERS);
    expect(JSON.parse(usual.body)).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    const unsupported = await pingInSession(served.port, {}, undefined, {
      'mcp-protocol-version': '1999-01-01',
    });
    expect(unsupported.status).toBe(400);
    expect(unsupported.body).toContain('Unsupported protocol version');
    const jsonOnly = await pingInSession(served.port, {}, undefined, {
      'mcp-protocol-version': '2025-06-18',
      accept: 'application/json',
    });
    expect(jsonOnly.status).toBe(406);
    for (const [capabilities, token] of [[{ sampling: {} }], [{ elicitation: {} }], [{}, 'step']] as const) {
      const streamed = await pingInSession(served.port, capabilities, token);
      expect(streamed.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(streamed.body).toMatch(/^data: \{"result":\{\},"jsonrpc":"2.0","id":2\}$/m);
    }
  });

  it('keeps every answer of a client to its own request, plain or streamed, and the progress of a call', async () => {
    const client = new Client({ name: 'answers', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${served.port}/mcp`)));
    try {
      const steps: Progress[] = [];
      const [plain, listed, withProgress] = await Promise.all([
        client.callTool({ name: 'consolidate', arguments: {} }),
        client.listTools(),
        client.callTool({ name: 'consolidate', arguments: {} }, undefined, {
          onprogress: (p) => steps.push(p),
        }),
      ]);
      expect(plain.isError).toBeFalsy();
      expect(withProgress.structuredContent).toEqual(plain.structuredContent);
      expect(listed.tools.map((tool) => tool.name)).toContain('consolidate');
      expect(steps.map((p) => [p.progress, p.total])).toEqual([
        [1, 5],
        [2, 5],
        [3, 5],
        [4, 5],
        [5, 5],
      ]);
    } finally {
      await client.close();
    }
  });

  it('sends a session the log messages at the level it set, and no others', async () => {
    const client = new Client({ name: 'levels', version: '1' });
    const messages: LoggingMessageNotification['params'][] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void messages.push(n.params));
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${served.port}/mcp`)));
    try {
      await client.setLoggingLevel('warning');
      await client.callTool({ name: 'recall', arguments: { query: 'bus' } });
      const failed = await client.callTool({ name: 'remember', arguments: { content: 'x'.repeat(16_001) } });
      expect(failed.isError).toBe(true);
      for (let i = 0; i < 100 && messages.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      // Anything else sent would have arrived on the same stream before the warning.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(messages.map((m) => [m.level, (m.data as { event: string }).event])).toEqual([
        ['warning', 'tool.error'],
      ]);
    } finally {
      await client.close();
    }
  });

  it('refuses a body over 1 MB with 413 and closes the connection', async () => {
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'ping',
      params: { pad: 'x'.repeat(1_100_000) },
    });
    const response = await send(served.port, big, {});
    expect(response.status).toBe(413);
    expect(response.headers.connection).toBe('close');
    expect(response.body).toContain('at most 1 MB');
    expect(response.headers).toMatchObject(SECURITY_HEADERS);
  });

  it('sends the security headers on errors too', async () => {
    // An unknown session id is a 404, after which an MCP client starts a new session.
    const response = await post(served.port, { 'mcp-session-id': 'no-such-session' });
    expect(response.status).toBe(404);
    expect(response.headers).toMatchObject(SECURITY_HEADERS);
  });
});

describe('kioku mcp --http off loopback', () => {
  it('refuses to start without a key: exit 2, one line naming KIOKU_MCP_HTTP_KEY, nothing served', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kioku-mcp-http-'));
    try {
      const port = String(await freeLoopbackPort());
      // A server that did start would be stopped after 30 s (and the test fail on its exit code).
      const run = await runKioku(
        ['mcp', '--http', '--port', port],
        { HOME: dataDir, KIOKU_DATA_DIR: dataDir, KIOKU_MCP_HTTP_HOST: '0.0.0.0' },
        30_000,
      );
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(
        /^kioku: CONFIG_INVALID: .*KIOKU_MCP_HTTP_KEY: required when KIOKU_MCP_HTTP_HOST is not a loopback address/,
      );
      expect(run.stderr).not.toContain('listening');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('kioku mcp --http with a key', () => {
  const served = servedDuringSuite(KEY);

  it.each([
    ['no Authorization', {}],
    ['another key', { authorization: `Bearer ${'x'.repeat(40)}` }],
    ['the key without the Bearer scheme', { authorization: KEY }],
  ])('answers %s with 401 and WWW-Authenticate, before any session', async (_, headers) => {
    const response = await post(served.port, headers);
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="kioku"');
    expect(response.headers['mcp-session-id']).toBeUndefined();
    expect(response.headers).toMatchObject(SECURITY_HEADERS);
    expect(response.body).not.toContain(KEY);
  });

  it('serves a client that sends the key', async () => {
    const response = await post(served.port, { authorization: `Bearer ${KEY}` });
    expect(response.status).toBe(200);
    expect(response.body).toContain('"protocolVersion"');
  });
});
