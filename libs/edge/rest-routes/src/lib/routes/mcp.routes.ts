/**
 * `/mcp`: the MCP tools over Streamable HTTP for the key's namespace (POST messages, GET the
 * server's event stream, DELETE to end the session). Authentication and the rate limit apply as on
 * `/v1`.
 */
import { rawRoute, type HttpMethod, type RawRoute, type ResponseDoc, type RouteSpec } from '../route-spec';

const SUMMARIES: Record<Extract<HttpMethod, 'POST' | 'GET' | 'DELETE'>, string> = {
  POST: 'Send MCP JSON-RPC messages (initialize opens a session; its id comes back in Mcp-Session-Id)',
  GET: "Open the session's server-to-client event stream",
  DELETE: 'End the MCP session',
};

const STREAM_RESPONSE: Record<number, ResponseDoc> = {
  200: { description: 'JSON-RPC response(s), as JSON or an event stream', mediaType: 'text/event-stream' },
  400: {
    description: 'JSON-RPC error: no valid session id (send initialize first)',
    mediaType: 'application/json',
  },
  404: {
    description: "JSON-RPC error: unknown session, or another key's session",
    mediaType: 'application/json',
  },
  503: {
    description: 'JSON-RPC error: too many open sessions, or shutting down',
    mediaType: 'application/json',
  },
};

const RESPONSES: Record<keyof typeof SUMMARIES, Record<number, ResponseDoc>> = {
  POST: { ...STREAM_RESPONSE, 202: { description: 'Notification accepted' } },
  GET: STREAM_RESPONSE,
  DELETE: { ...STREAM_RESPONSE, 200: { description: 'Session ended (no body)' } },
};

/** The `/mcp` routes, each served by `serve` (the gateway's Streamable-HTTP sessions). */
export function mcpRoutes(serve: RawRoute['handle']): RouteSpec[] {
  return (Object.keys(SUMMARIES) as (keyof typeof SUMMARIES)[]).map((method) =>
    rawRoute({
      operationId: `mcp_${method.toLowerCase()}`,
      method,
      path: '/mcp',
      tag: 'mcp',
      auth: true,
      summary: SUMMARIES[method],
      description:
        'MCP Streamable HTTP transport (protocol errors are JSON-RPC errors). Send Mcp-Session-Id after initialize.',
      headers: [{ name: 'mcp-session-id', description: 'The session id returned by initialize.' }],
      responses: RESPONSES[method],
      handle: serve,
    }),
  );
}
