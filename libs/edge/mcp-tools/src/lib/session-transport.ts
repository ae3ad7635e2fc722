/**
 * One MCP session's Streamable HTTP transport, answering each request the cheaper way it allows. The
 * specification lets the server answer a POSTed request either with an event stream or with one JSON
 * body, and clients must accept both. A stream is needed only where the server may send something
 * about the call before its answer: a request of its own (sampling, elicitation: clients that declared
 * them) or progress (a request that carries a progress token). Every other request is answered with
 * plain JSON, which costs the server and the client much less than a stream (web streams, SSE framing
 * and parsing; under load that was latency: `kioku bench load`, tools/bench/README.md).
 *
 * The SDK's transport takes one mode for all its requests, so the session holds its own stateful
 * transport (initialize, the session's GET stream, DELETE, and the requests that need a stream) and
 * answers plain requests itself. A plain request with the headers every client sends (both media
 * types accepted, a JSON body, a protocol version the SDK supports) is handed to the server and its
 * answer written as the JSON the SDK's JSON mode writes: the SDK's Node transport would first turn the
 * request into a web Request and its answer into a web Response, which took 0.9 ms of the gateway's
 * event loop a call against 0.3 ms this way (recall after recall, its query's vector cached; REST
 * 5.0 ms). A plain request with other headers goes to a stateless JSON transport of the SDK made for
 * it, which answers or refuses it exactly as the SDK does. The session's id was checked before the
 * request reached here (the sessions' lookup, by id and owner).
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
  type JSONRPCRequest,
  type MessageExtraInfo,
  type RequestId,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';

export class SessionTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  private readonly streamed: StreamableHTTPServerTransport;
  /** Where each plain request in flight is answered (its response, or its JSON transport), by request id. */
  private readonly plain = new Map<RequestId, ServerResponse | StreamableHTTPServerTransport>();
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
    if (sendsUsualHeaders(req)) {
      this.plain.set(request.id, res);
      this.onmessage?.(request, { requestInfo: { headers: req.headers } });
      return;
    }
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
    const target = id === undefined ? undefined : this.plain.get(id);
    if (!target) return this.streamed.send(message, options);
    if (answer && id !== undefined) this.plain.delete(id);
    if (target instanceof StreamableHTTPServerTransport) return target.send(message, options);
    // As the SDK's JSON mode: the answer alone, and nothing else about the request (no stream to carry
    // it); dropped if the response is gone or already sent (the gateway's deadline answered it).
    if (answer && !target.headersSent && !target.destroyed)
      target.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(message));
  }

  async close(): Promise<void> {
    const plain = [...this.plain.values()];
    this.plain.clear();
    await Promise.all([
      this.streamed.close(),
      ...plain.map((target) =>
        target instanceof StreamableHTTPServerTransport ? target.close() : void target.destroy(),
      ),
    ]);
  }

  /**
   * The request, if it can be answered with plain JSON: one request (not a batch, not initialize),
   * without a progress token, from a client that takes no requests from the server, whose id is not
   * already in flight.
   */
  private plainRequest(body: unknown): JSONRPCRequest | undefined {
    if (this.speaksDuringCalls || this.sessionId === undefined || !isJSONRPCRequest(body)) return undefined;
    if (body.method === 'initialize' || body.params?._meta?.progressToken !== undefined) return undefined;
    return this.plain.has(body.id) ? undefined : body;
  }
}

/**
 * The headers the SDK's transport asks of a POST (both media types accepted, a JSON body, a supported
 * protocol version), as every client sends them; anything else is left to the SDK to answer or refuse.
 */
function sendsUsualHeaders(req: IncomingMessage): boolean {
  const { accept, 'content-type': contentType, 'mcp-protocol-version': version } = req.headers;
  return (
    accept !== undefined &&
    accept.includes('application/json') &&
    accept.includes('text/event-stream') &&
    contentType?.split(';')[0].trim().toLowerCase() === 'application/json' &&
    typeof version === 'string' &&
    SUPPORTED_PROTOCOL_VERSIONS.includes(version)
  );
}

/** Sampling and elicitation are requests the server sends in the middle of a call, on its stream. */
function takesServerRequests(capabilities: ClientCapabilities): boolean {
  return capabilities.sampling !== undefined || capabilities.elicitation !== undefined;
}
