/**
 * MCP sessions over Streamable HTTP, shared by `kioku mcp --http` and the gateway's `/mcp`: one MCP
 * server and transport per session, opened by an initialize request and found again by its
 * `Mcp-Session-Id`. A session belongs to the owner that opened it (an API key, or the one local user):
 * another owner presenting its id gets the 404 of an unknown session, as the MCP specification asks
 * of a session that no longer exists (the client then starts a new one). Sessions are bounded per
 * owner (the owner's least recently used session makes room for its new one) and in total, where a
 * full pool is shared fairly (see `makeRoom`: no owner can hold the sessions another one needs, and a
 * refusal is a 503 with a retry time); they are closed after an idle period when one is set, and all
 * closed on shutdown.
 *
 * The apps keep their own HTTP framing: they read the body, ask for the request's session, write a
 * refusal their way, and hand the raw Node request and response to the session, whose transport
 * answers each request with plain JSON or an event stream (session-transport.ts).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Container } from 'inversify';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '@kioku/kernel';
import { createMcpServer, type McpServerServices } from './mcp-server.factory';
import { SessionTransport } from './session-transport';

/** Who opens and uses a session. */
export interface SessionOwner {
  /** Only this owner may use the session: an API key id, or one constant for a single-user server. */
  ownerId: string;
  namespace: string;
  /** The caller id of the session's calls (pending forget confirmations belong to it). */
  callerId(sessionId: string): string;
}

export interface StreamableHttpSessionsOptions {
  /** What each session's MCP server runs on (see `createMcpServer`). */
  app: Container | McpServerServices;
  logger: Logger;
  maxSessions: number;
  /** Sessions one owner may hold; its least recently used one is closed for a new one. Default: all. */
  maxSessionsPerOwner?: number;
  /** Closes sessions unused for this long; without it, a session lasts until closed or shut down. */
  idleMs?: number;
  /** Told the number of open sessions whenever it changes (a metrics gauge). */
  onCountChange?: (count: number) => void;
  now?: () => number;
}

export interface McpSession {
  readonly id: string;
  readonly ownerId: string;
  readonly server: McpServer;
  readonly transport: SessionTransport;
  lastSeen: number;
}

/** The JSON-RPC error body of a refused request, with the HTTP status to send it with. */
interface SessionRefusal {
  status: 400 | 404 | 503;
  body: { jsonrpc: '2.0'; error: { code: number; message: string }; id: null };
  /** When to try again (the Retry-After header), for a refusal because the pool is full. */
  retryAfterSeconds?: number;
}

/** The longest Retry-After given: a session may be closed by its client at any moment. */
const MAX_RETRY_AFTER_SECONDS = 60;

export type SessionLookup = { session: McpSession } | { refusal: SessionRefusal };

export interface SessionRequest {
  /** The `Mcp-Session-Id` header, if any. */
  sessionId: string | undefined;
  method: string | undefined;
  /** The parsed JSON body (POST), or undefined. */
  body: unknown;
}

export class StreamableHttpSessions {
  private readonly sessions = new Map<string, McpSession>();
  private readonly now: () => number;
  private readonly sweeper: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: StreamableHttpSessionsOptions) {
    this.now = options.now ?? Date.now;
    const { idleMs } = options;
    if (idleMs !== undefined) {
      this.sweeper = setInterval(() => void this.closeIdle(idleMs), Math.min(idleMs, 60_000));
      this.sweeper.unref();
    }
  }

  get size(): number {
    return this.sessions.size;
  }

  /** The owner's session named by the request, or a new one for an initialize request; else a refusal. */
  async lookup(request: SessionRequest, owner: SessionOwner): Promise<SessionLookup> {
    const { sessionId, method, body } = request;
    if (sessionId !== undefined) {
      const session = this.sessions.get(sessionId);
      if (!session || session.ownerId !== owner.ownerId) {
        return refuse(404, -32001, 'Session not found: initialize a new session.');
      }
      session.lastSeen = this.now();
      return { session };
    }
    if (method !== 'POST' || !isInitializeRequest(body)) {
      return refuse(400, -32000, 'Bad Request: no valid session id; send an initialize request first.');
    }
    if (this.closed) return refuse(503, -32000, 'The server is shutting down.');
    if (this.sessions.size >= this.options.maxSessions && !(await this.makeRoom(owner.ownerId))) {
      const refused = refuse(503, -32000, 'Too many open MCP sessions; try again later.');
      return { refusal: { ...refused.refusal, retryAfterSeconds: this.retryAfterSeconds() } };
    }
    return { session: await this.open(owner) };
  }

  /**
   * Lets the session's transport answer the request (it writes the response). A session whose
   * initialize failed is closed again; a transport failure answers a JSON-RPC internal error.
   */
  async serve(session: McpSession, req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    try {
      await session.transport.handleRequest(req, res, body);
    } catch (error) {
      this.options.logger.error('mcp.request_failed', { error });
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(
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

  /**
   * Frees one place in a full pool, fairly: an owner holding as many sessions as anyone closes its
   * own least recently used one; an owner holding fewer takes the least recently used session of the
   * owner holding the most, but only from one holding at least two more than it (never from an owner
   * that would end up with fewer). False when no place can be freed so (every owner holds about as
   * many), and the request is refused.
   */
  private async makeRoom(ownerId: string): Promise<boolean> {
    const held = new Map<string, McpSession[]>();
    for (const session of this.sessions.values())
      held.set(session.ownerId, [...(held.get(session.ownerId) ?? []), session]);
    const mine = held.get(ownerId) ?? [];
    const largest = [...held.values()].reduce((a, b) => (b.length > a.length ? b : a), mine);
    const victims =
      mine.length > 0 && mine.length >= largest.length
        ? mine
        : largest.length > mine.length + 1
          ? largest
          : undefined;
    if (!victims) return false;
    await this.close(leastRecentlyUsed(victims));
    return true;
  }

  /** Seconds until the least recently used session idles out (a place frees up), bounded. */
  private retryAfterSeconds(): number {
    const { idleMs } = this.options;
    if (idleMs === undefined) return MAX_RETRY_AFTER_SECONDS;
    const oldest = Math.min(...[...this.sessions.values()].map((s) => s.lastSeen));
    const seconds = Math.ceil((oldest + idleMs - this.now()) / 1000);
    return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, seconds));
  }

  private async open(owner: SessionOwner): Promise<McpSession> {
    const ofOwner = [...this.sessions.values()].filter((s) => s.ownerId === owner.ownerId);
    if (ofOwner.length >= (this.options.maxSessionsPerOwner ?? this.options.maxSessions)) {
      await this.close(leastRecentlyUsed(ofOwner));
    }
    const id = randomUUID();
    const transport = new SessionTransport(id);
    transport.onclose = () => this.forget(id);
    const server = createMcpServer(this.options.app, {
      namespace: owner.namespace,
      callerId: owner.callerId(id),
    });
    await server.connect(transport);
    const session: McpSession = { id, ownerId: owner.ownerId, server, transport, lastSeen: this.now() };
    this.sessions.set(id, session);
    this.options.onCountChange?.(this.sessions.size);
    this.options.logger.info('mcp.session_opened', { ownerId: owner.ownerId });
    return session;
  }

  private async close(session: McpSession): Promise<void> {
    this.forget(session.id);
    try {
      await session.server.close();
    } catch (error) {
      this.options.logger.warn('mcp.session_close_failed', { error });
    }
  }

  private forget(id: string): void {
    if (this.sessions.delete(id)) this.options.onCountChange?.(this.sessions.size);
  }

  private async closeIdle(idleMs: number): Promise<void> {
    const cutoff = this.now() - idleMs;
    const idle = [...this.sessions.values()].filter((s) => s.lastSeen < cutoff);
    await Promise.all(idle.map((s) => this.close(s)));
  }
}

function leastRecentlyUsed(sessions: McpSession[]): McpSession {
  return sessions.reduce((a, b) => (a.lastSeen <= b.lastSeen ? a : b));
}

function refuse(
  status: SessionRefusal['status'],
  code: number,
  message: string,
): { refusal: SessionRefusal } {
  return { refusal: { status, body: { jsonrpc: '2.0', error: { code, message }, id: null } } };
}
