/**
 * One MCP session over Streamable HTTP, spoken as JSON-RPC directly over undici's `request` (keep-alive),
 * as load tools do: the same messages and headers as the MCP SDK's client sends (initialize, the
 * initialized notification, then requests with the session's id and protocol version, DELETE at the
 * end), without its fetch and its zod parsing of every message, which cost ~3 ms of CPU a call on the
 * cores the load's clients share with the gateway. It opens no standing GET stream: nothing the load
 * calls answers on it. An answer may be one JSON body or an event stream (as the SDK's server sends for
 * initialize, or for a client that declared sampling or elicitation); a failure of a request is an
 * answer with its reason, never a throw.
 */
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { createParser } from 'eventsource-parser';
import { request } from 'undici';

type JsonRpcAnswer = { result: unknown } | { reason: string };

interface Exchange {
  status: number;
  contentType: string;
  sessionId?: string;
  text: string;
}

export class McpJsonRpcSession {
  /** Ids of requests in order, 0 for initialize, as the SDK's client numbers them. */
  private nextId = 1;

  private constructor(
    private readonly endpoint: string,
    private readonly headers: Record<string, string>,
  ) {}

  /**
   * Initializes a session at `{url}/mcp` with the key; throws when the server does not open one.
   * `capabilities` are the client's (a client that takes sampling or elicitation is answered with
   * event streams).
   */
  static async open(url: string, token: string, capabilities: object = {}): Promise<McpJsonRpcSession> {
    const endpoint = `${url}/mcp`;
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    const initialize = await exchange(endpoint, 'POST', headers, {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: LATEST_PROTOCOL_VERSION,
        capabilities,
        clientInfo: { name: 'kioku-bench-load', version: '1' },
      },
    });
    if ('reason' in initialize) throw new Error(`initialize: ${initialize.reason}`);
    const answer = answerOf(initialize, 0);
    if ('reason' in answer) throw new Error(`initialize: ${answer.reason}`);
    const version = (answer.result as { protocolVersion?: unknown } | undefined)?.protocolVersion;
    if (typeof version !== 'string' || !SUPPORTED_PROTOCOL_VERSIONS.includes(version))
      throw new Error(`initialize: the server's protocol version ${String(version)} is not supported`);
    if (!initialize.sessionId) throw new Error('initialize: the server gave no mcp-session-id');
    headers['mcp-session-id'] = initialize.sessionId;
    headers['mcp-protocol-version'] = version;
    const initialized = await exchange(endpoint, 'POST', headers, {
      jsonrpc: '2.0',
      method: 'notifications/initialized',
    });
    if ('reason' in initialized) throw new Error(`notifications/initialized: ${initialized.reason}`);
    if (initialized.status !== 202)
      throw new Error(
        `notifications/initialized: HTTP ${initialized.status} ${initialized.text.slice(0, 200)}`,
      );
    return new McpJsonRpcSession(endpoint, headers);
  }

  /** Sends one request of the session and waits for its answer (its `result`, or why there is none). */
  async request(method: string, params: object): Promise<JsonRpcAnswer> {
    const id = this.nextId++;
    const answer = await exchange(this.endpoint, 'POST', this.headers, {
      jsonrpc: '2.0',
      id,
      method,
      params,
    });
    return 'reason' in answer ? answer : answerOf(answer, id);
  }

  /** Ends the session on the server (DELETE, as the SDK's `terminateSession`); a failure is ignored. */
  async close(): Promise<void> {
    await exchange(this.endpoint, 'DELETE', this.headers);
  }
}

/** One HTTP exchange with the endpoint, its body read whole (so the connection goes back to the pool). */
async function exchange(
  endpoint: string,
  method: 'POST' | 'DELETE',
  headers: Record<string, string>,
  message?: object,
): Promise<Exchange | { reason: string }> {
  try {
    const response = await request(endpoint, {
      method,
      headers:
        message === undefined
          ? headers
          : { ...headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: message === undefined ? undefined : JSON.stringify(message),
    });
    const sessionId = response.headers['mcp-session-id'];
    const contentType = response.headers['content-type'];
    return {
      status: response.statusCode,
      contentType: (Array.isArray(contentType) ? contentType[0] : contentType) ?? '',
      sessionId: Array.isArray(sessionId) ? sessionId[0] : sessionId,
      text: await response.body.text(),
    };
  } catch (error) {
    return { reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The answer to request `id` in an HTTP answer: one JSON body (a message or a batch) or an event
 * stream whose `data` carry messages (others, such as notifications, are passed over).
 */
export function answerOf(answer: Exchange, id: number): JsonRpcAnswer {
  if (answer.status < 200 || answer.status > 299)
    return { reason: `HTTP ${answer.status} ${answer.text.slice(0, 200)}` };
  const mediaType = answer.contentType.split(';')[0].trim().toLowerCase();
  let messages: unknown[];
  try {
    if (mediaType === 'application/json') messages = [JSON.parse(answer.text) as unknown].flat();
    else if (mediaType === 'text/event-stream')
      messages = sseData(answer.text).map((data) => JSON.parse(data) as unknown);
    else return { reason: `unexpected content type ${answer.contentType || 'none'}` };
  } catch (error) {
    return { reason: `unreadable answer: ${error instanceof Error ? error.message : String(error)}` };
  }
  const response = messages.find(
    (message): message is { result?: unknown; error?: { code?: unknown; message?: unknown } } =>
      typeof message === 'object' &&
      message !== null &&
      (message as { id?: unknown }).id === id &&
      ('result' in message || 'error' in message),
  );
  if (!response) return { reason: `no answer to request ${id} in the ${mediaType} answer` };
  if (response.error)
    return { reason: `MCP error ${String(response.error.code)}: ${String(response.error.message)}` };
  return { result: response.result };
}

/**
 * The `data` of each `message` event (or unnamed one) of an event stream, read by `eventsource-parser`
 * (the parser the MCP SDK's own client uses); an event with empty data (a stream's priming event)
 * carries no message.
 */
export function sseData(stream: string): string[] {
  const payloads: string[] = [];
  const parser = createParser({
    onEvent: ({ event, data }) => {
      if (data !== '' && (event === undefined || event === 'message')) payloads.push(data);
    },
  });
  // An event is dispatched at the blank line after it: one more ends a stream cut after its last line.
  parser.feed(`${stream}\n\n`);
  return payloads;
}
