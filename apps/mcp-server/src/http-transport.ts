/**
 * MCP over Streamable HTTP for `kioku mcp --http`: the node:http framing of the shared session manager
 * (`StreamableHttpSessions`), one MCP server and transport per session, each session its own caller
 * (pending forget confirmations are per session). Binds to loopback by default, and answers only
 * requests whose Host and Origin the policy allows (DNS rebinding). Every response carries the
 * security headers (no sniffing, no caching, no framing) and bodies are capped. With a key, every
 * request must carry it as a bearer token (required off loopback: see config.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { originViolation, SECURITY_HEADERS, type OriginPolicy } from '@kioku/http-guards';
import type { McpServerServices } from '@kioku/mcp-tools';
import { StreamableHttpSessions, type SessionOwner } from '@kioku/mcp-tools/http';

const MAX_BODY_BYTES = 1_000_000;
const MAX_SESSIONS = 256;

export async function serveStreamableHttp(
  services: McpServerServices,
  namespace: string,
  options: { host: string; port: number; originPolicy: OriginPolicy; key?: string },
): Promise<Server> {
  const keyDigest = options.key === undefined ? undefined : digest(options.key);
  const sessions = new StreamableHttpSessions({
    app: services,
    logger: services.logger,
    maxSessions: MAX_SESSIONS,
  });
  // One local user: every session has the same owner and is its own caller.
  const owner: SessionOwner = { ownerId: 'local', namespace, callerId: (id) => `http:${id}` };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    // Set before anything answers: writeHead (ours and the SDK transport's) keeps them.
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    const violation = originViolation(
      { host: req.headers.host, origin: header(req, 'origin') },
      options.originPolicy,
    );
    if (violation) {
      return reply(res, 403, {
        jsonrpc: '2.0',
        error: {
          code: -32000,
          message: `Forbidden: this ${violation === 'host' ? 'Host' : 'Origin'} is not allowed`,
        },
        id: null,
      });
    }
    if (keyDigest && !bearerMatches(header(req, 'authorization'), keyDigest)) {
      res.setHeader('www-authenticate', 'Bearer realm="kioku"');
      return reply(res, 401, {
        jsonrpc: '2.0',
        error: { code: -32001, message: 'Unauthorized: send Authorization: Bearer <KIOKU_MCP_HTTP_KEY>' },
        id: null,
      });
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/mcp') return reply(res, 404, { error: 'Not found: MCP is served at /mcp' });
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    if (body === TOO_LARGE) {
      // The rest of the body is never read: the connection cannot carry another request.
      res.setHeader('connection', 'close');
      return reply(res, 413, { error: 'Request body must be JSON of at most 1 MB' });
    }
    if (body === INVALID) return reply(res, 400, { error: 'Request body must be JSON of at most 1 MB' });

    const found = await sessions.lookup(
      { sessionId: header(req, 'mcp-session-id'), method: req.method, body },
      owner,
    );
    if ('refusal' in found) {
      const { status, body: refusal, retryAfterSeconds } = found.refusal;
      if (retryAfterSeconds !== undefined) res.setHeader('retry-after', String(retryAfterSeconds));
      return reply(res, status, refusal);
    }
    await sessions.serve(found.session, req, res, body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      services.logger.error('mcp.http_error', { error });
      if (!res.headersSent) reply(res, 500, { error: 'Internal error' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  server.on('close', () => void sessions.closeAll());
  return server;
}

const INVALID = Symbol('invalid');
const TOO_LARGE = Symbol('too large');

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return TOO_LARGE;
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return INVALID;
  }
}

/** Digests have equal length whatever was sent, so they compare in constant time. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

function bearerMatches(authorization: string | undefined, keyDigest: Buffer): boolean {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  return token !== undefined && timingSafeEqual(digest(token), keyDigest);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
