/**
 * MCP over Streamable HTTP at `/mcp`, with sessions: one MCP server and transport per session, built
 * by the shared tool registration (`createMcpServer`). A session belongs to the key that opened it:
 * its namespace is the key's, its caller id is `<key id>/mcp/<session id>` (per-session state such
 * as pending forget confirmations), and another key presenting its id gets a 404 as if it did not
 * exist. Sessions are bounded (in total, and per key: a key's least recently used session makes room
 * for its new one) and closed after an idle period or on shutdown.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from 'inversify';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '@kioku/kernel';
import { createMcpServer } from '@kioku/mcp-tools';
import type { Caller } from '../auth/caller';
import type { GatewayMetrics } from '../metrics/gateway-metrics';

export const MCP_SESSIONS_PER_KEY = 64;

export interface McpSessionsOptions {
  container: Container;
  logger: Logger;
  metrics: GatewayMetrics;
  maxSessions: number;
  idleMs: number;
  now?: () => number;
}

interface Session {
  id: string;
  keyId: string;
  server: McpServer;
  transport: StreamableHTTPServerTransport;
  lastSeen: number;
}

export class McpSessions {
  private readonly sessions = new Map<string, Session>();
  private readonly now: () => number;
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly options: McpSessionsOptions) {
    this.now = options.now ?? Date.now;
    this.sweeper = setInterval(() => void this.closeIdle(), Math.min(options.idleMs, 60_000));
    this.sweeper.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Serves one request at /mcp for an authenticated caller; the reply is written by the transport. */
  async handle(request: FastifyRequest, reply: FastifyReply, caller: Caller): Promise<FastifyReply | void> {
    const sessionId = headerValue(request.headers['mcp-session-id']);
    const body: unknown = request.body;
    let session = sessionId ? this.sessions.get(sessionId) : undefined;
    if (sessionId && (!session || session.keyId !== caller.keyId)) {
      return rpcError(reply, 404, -32001, 'Session not found: initialize a new session.');
    }
    if (!session) {
      if (request.method !== 'POST' || !isInitializeRequest(body)) {
        return rpcError(
          reply,
          400,
          -32000,
          'Bad Request: no valid session id; send an initialize request first.',
        );
      }
      if (this.closed) return rpcError(reply, 503, -32000, 'The server is shutting down.');
      if (this.sessions.size >= this.options.maxSessions) {
        return rpcError(reply, 503, -32000, 'Too many open MCP sessions; try again later.');
      }
      session = await this.open(caller);
    }
    session.lastSeen = this.now();
    this.countToolCalls(body);
    reply.hijack();
    try {
      await session.transport.handleRequest(request.raw, reply.raw, body);
    } catch (error) {
      this.options.logger.error('mcp.request_failed', { error });
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end(
          JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null }),
        );
      }
    }
    if (session.transport.sessionId === undefined) await this.close(session);
  }

  /** Closes every session (shutdown); later initialize requests are refused. */
  async closeAll(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    await Promise.all([...this.sessions.values()].map((s) => this.close(s)));
  }

  private async open(caller: Caller): Promise<Session> {
    const ofKey = [...this.sessions.values()].filter((s) => s.keyId === caller.keyId);
    if (ofKey.length >= MCP_SESSIONS_PER_KEY) {
      await this.close(ofKey.reduce((a, b) => (a.lastSeen <= b.lastSeen ? a : b)));
    }
    const id = randomUUID();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => id });
    transport.onclose = () => this.forget(id);
    const server = createMcpServer(this.options.container, {
      namespace: caller.namespace,
      callerId: `${caller.keyId}/mcp/${id}`,
    });
    await server.connect(transport);
    const session: Session = { id, keyId: caller.keyId, server, transport, lastSeen: this.now() };
    this.sessions.set(id, session);
    this.options.metrics.setMcpSessions(this.sessions.size);
    this.options.logger.info('mcp.session_opened', { keyId: caller.keyId });
    return session;
  }

  private async close(session: Session): Promise<void> {
    this.forget(session.id);
    try {
      await session.server.close();
    } catch (error) {
      this.options.logger.warn('mcp.session_close_failed', { error });
    }
  }

  private forget(id: string): void {
    if (this.sessions.delete(id)) this.options.metrics.setMcpSessions(this.sessions.size);
  }

  private async closeIdle(): Promise<void> {
    const cutoff = this.now() - this.options.idleMs;
    const idle = [...this.sessions.values()].filter((s) => s.lastSeen < cutoff);
    await Promise.all(idle.map((s) => this.close(s)));
  }

  private countToolCalls(body: unknown): void {
    for (const message of Array.isArray(body) ? body : [body]) {
      if (
        message &&
        typeof message === 'object' &&
        (message as { method?: unknown }).method === 'tools/call'
      ) {
        this.options.metrics.countMcpTool((message as { params?: { name?: unknown } }).params?.name);
      }
    }
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function rpcError(reply: FastifyReply, status: number, code: number, message: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'application/json')
    .send({ jsonrpc: '2.0', error: { code, message }, id: null });
}
