/**
 * The gateway's framing of the shared MCP session manager (`StreamableHttpSessions`) at `/mcp`. A
 * session belongs to the key that opened it: its namespace is the key's and its caller id is
 * `<key id>/mcp/<session id>` (per-session state such as pending forget confirmations). Sessions are
 * bounded per key and in total (a full pool is shared fairly between keys, a refusal carries
 * Retry-After), and idle ones are closed (behaviour §8.2); the number open and the
 * tool calls are counted in the metrics. Refusals go out through Fastify (hooks and headers apply);
 * an accepted request is handed to the transport on the raw response.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from 'inversify';
import type { Logger } from '@kioku/kernel';
import { StreamableHttpSessions, type SessionOwner } from '@kioku/mcp-tools/http';
import type { Caller } from '@kioku/rest-routes';
import type { GatewayMetrics } from '../metrics/gateway-metrics';

const MCP_SESSIONS_PER_KEY = 64;

export interface GatewayMcpSessionsOptions {
  container: Container;
  logger: Logger;
  metrics: GatewayMetrics;
  maxSessions: number;
  idleMs: number;
}

export function createGatewayMcpSessions(options: GatewayMcpSessionsOptions): StreamableHttpSessions {
  return new StreamableHttpSessions({
    app: options.container,
    logger: options.logger,
    maxSessions: options.maxSessions,
    maxSessionsPerOwner: MCP_SESSIONS_PER_KEY,
    idleMs: options.idleMs,
    onCountChange: (count) => options.metrics.setMcpSessions(count),
  });
}

/** Serves one request at /mcp for an authenticated caller. */
export async function serveMcpRequest(
  sessions: StreamableHttpSessions,
  metrics: GatewayMetrics,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | void> {
  const body: unknown = request.body;
  const sessionId = request.headers['mcp-session-id'];
  const found = await sessions.lookup(
    { sessionId: Array.isArray(sessionId) ? sessionId[0] : sessionId, method: request.method, body },
    keyOwner(request.caller!),
  );
  if ('refusal' in found) {
    const { status, body: refusal, retryAfterSeconds } = found.refusal;
    if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
    return reply.code(status).header('content-type', 'application/json').send(refusal);
  }
  countToolCalls(metrics, body);
  reply.hijack();
  await sessions.serve(found.session, request.raw, reply.raw, body);
}

function keyOwner(caller: Caller): SessionOwner {
  return {
    ownerId: caller.keyId,
    namespace: caller.namespace,
    callerId: (sessionId) => `${caller.keyId}/mcp/${sessionId}`,
  };
}

function countToolCalls(metrics: GatewayMetrics, body: unknown): void {
  for (const message of Array.isArray(body) ? body : [body]) {
    if (message && typeof message === 'object' && (message as { method?: unknown }).method === 'tools/call') {
      metrics.countMcpTool((message as { params?: { name?: unknown } }).params?.name);
    }
  }
}
