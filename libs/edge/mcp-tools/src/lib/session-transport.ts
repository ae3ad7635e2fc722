/**
 * One MCP session's Streamable HTTP transport, answering each request the cheaper way it allows. The
 * specification lets the server answer a POSTed request either with an event stream or with one JSON
 * body, and clients must accept both. A stream is needed only where the server may send something
 * about the call before its answer: a request of its own (sampling, elicitation: clients that declared
 * them) or progress (a request that carries a progress token). Every other request is answered with
 * plain JSON, which costs the server and the client much less than a stream (web streams, SSE framing
 * and parsing; under load that was latency: `kioku bench load`, tools/bench/README.md).
 *
 * The SDK's transport takes one mode for all its requests, so the session holds two kinds: its own
 * stateful transport (initialize, the session's GET stream, DELETE, and the requests that need a
 * stream) and, for each plain request, a stateless JSON transport made for it, to which the request's
 * answer is routed. The session's id was checked before the request reached here (the sessions'
 * lookup, by id and owner).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isInitializeRequest,
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type ClientCapabilities,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

export class SessionTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  private readonly streamed: StreamableHTTPServerTransport;
  /** The JSON transport of each plain request in flight, by request id. */
  private readonly plain = new Map<RequestId, StreamableHTTPServerTransport>();
  /** Whether the client takes requests from the server (then every call keeps its stream). */
  private speaksDuringCalls = true;

  constructor(sessionId: string) {
    this.streamed = new StreamableHTTPServerTransport({ sessionIdGenerator: () => sessionId });
    this.streamed.onmessage = (message, extra) => this.onmessage?.(message, extra);
    this.streamed.onerror = (error) => this.onerror?.(error);
    this.streamed.onclose = () => this.onclose?.();
  }

  /** The session's id once initialized (undefined before, and after a failed initialize). */
  get sessionId(): string | undefined {
    return this.streamed.sessionId;
  }

  start(): Promise<void> {
    return this.streamed.start();
  }

  /** Serves one HTTP request of the session (POST, GET or DELETE); `body` is the parsed POST body. */
  async handleRequest(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    if (isInitializeRequest(body)) this.speaksDuringCalls = takesServerRequests(body.params.capabilities);
    const request = req.method === 'POST' ? this.plainRequest(body) : undefined;
    if (!request) return this.streamed.handleRequest(req, res, body);
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
    transport.onmessage = (message, extra) => this.onmessage?.(message, extra);
    transport.onerror = (error) => this.onerror?.(error);
    this.plain.set(request.id, transport);
    try {
      await transport.handleRequest(req, res, body);
    } finally {
      // Answered (send forgot it), or refused before it was dispatched (bad headers): done either way.
      if (this.plain.get(request.id) === transport) this.plain.delete(request.id);
    }
  }

  /** Routes the answer to a plain request (and anything else about it) to that request's transport. */
  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const answer = isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message);
    const id = answer ? message.id : options?.relatedRequestId;
    const transport = id === undefined ? undefined : this.plain.get(id);
    if (!transport) return this.streamed.send(message, options);
    if (answer && id !== undefined) this.plain.delete(id);
    return transport.send(message, options);
  }

  async close(): Promise<void> {
    const plain = [...this.plain.values()];
    this.plain.clear();
    await Promise.all([this.streamed.close(), ...plain.map((transport) => transport.close())]);
  }

  /**
   * The request, if it can be answered with plain JSON: one request (not a batch, not initialize),
   * without a progress token, from a client that takes no requests from the server, whose id is not
   * already in flight.
   */
  private plainRequest(body: unknown): { id: RequestId } | undefined {
    if (this.speaksDuringCalls || this.sessionId === undefined || !isJSONRPCRequest(body)) return undefined;
    if (body.method === 'initialize' || body.params?._meta?.progressToken !== undefined) return undefined;
    return this.plain.has(body.id) ? undefined : { id: body.id };
  }
}

/** Sampling and elicitation are requests the server sends in the middle of a call, on its stream. */
function takesServerRequests(capabilities: ClientCapabilities): boolean {
  return capabilities.sampling !== undefined || capabilities.elicitation !== undefined;
}
