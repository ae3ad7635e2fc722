/**
 * Turns the configured Qdrant URL and API key into `QdrantClient` settings.
 *
 * - The port defaults to 6333 when the URL has none, as in Qdrant's own clients (an explicit `:443` or
 *   `:80` is kept, although WHATWG URL parsing hides a scheme's default port).
 * - A path (`https://proxy.example/qdrant`) becomes the client's `prefix`: the client would otherwise
 *   drop it (it keeps only scheme, host and port of `url`).
 * - `user:password@` in the URL (a reverse proxy with basic auth) becomes an `Authorization` header; the
 *   client would drop it too.
 * - The API key is sent as the `api-key` header directly rather than through the client's `apiKey`
 *   option, which prints a console warning for plain-http URLs (libraries must not write to the console;
 *   a key over plain http inside a private network is the operator's choice).
 * Credentials never appear in `displayUrl`, the only form of the address that may reach logs or messages.
 */
import { AppError } from '@kioku/kernel';
import { basicAuthHeaders, parseServiceUrl } from '@kioku/remote-service';

export interface QdrantConnection {
  /** `http(s)://host:port`, without credentials or path. */
  url: string;
  /** Path prefix of the REST API ('' when none), e.g. `/qdrant`. */
  prefix: string;
  /** Safe to log: scheme, host, port and path. */
  displayUrl: string;
  headers: Record<string, string>;
}

const DEFAULT_QDRANT_PORT = 6333;

export function parseQdrantUrl(url: string, apiKey?: string): QdrantConnection {
  const parsed = parseServiceUrl(url, 'Qdrant');
  if (parsed.search || parsed.hash) {
    throw new AppError('CONFIG_INVALID', 'The Qdrant URL must not have a query string or fragment.');
  }
  const port = parsed.port ? Number(parsed.port) : (explicitDefaultPort(url) ?? DEFAULT_QDRANT_PORT);
  const base = `${parsed.protocol}//${parsed.hostname}:${port}`;
  const prefix = parsed.pathname.replace(/\/+$/, '');
  const headers = basicAuthHeaders(parsed);
  if (apiKey !== undefined && apiKey !== '') headers['api-key'] = apiKey;
  return { url: base, prefix, displayUrl: base + prefix, headers };
}

/** An explicitly written default port (`https://h:443`), which `URL#port` reports as ''. */
function explicitDefaultPort(url: string): number | undefined {
  const match = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(?:\[[^\]]*\]|[^:/?#]*):(\d+)(?:[/?#]|$)/i.exec(
    url.trim(),
  );
  return match ? Number(match[1]) : undefined;
}
