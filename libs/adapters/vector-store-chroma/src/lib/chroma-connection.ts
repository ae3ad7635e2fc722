/**
 * Turns a Chroma URL (`http://host:port`, optionally with `user:password@` for basic auth) into client
 * settings. The URL's credentials become a header and never appear in `displayUrl`, which is the only
 * form of the URL that may reach logs or messages.
 */
import { basicAuthHeaders, parseServiceUrl } from '@kioku/remote-service';

export interface ChromaConnection {
  /** Host as it appears in a URL (IPv6 in brackets). */
  host: string;
  port: number;
  ssl: boolean;
  /** `http(s)://host:port`, without credentials. */
  baseUrl: string;
  /** Safe to log: scheme, host and port only. */
  displayUrl: string;
  headers: Record<string, string>;
}

export function parseChromaUrl(url: string): ChromaConnection {
  const parsed = parseServiceUrl(url, 'Chroma');
  const ssl = parsed.protocol === 'https:';
  const port = parsed.port ? Number(parsed.port) : ssl ? 443 : 8000;
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  const hostForUrl = host.includes(':') ? `[${host}]` : host;
  const baseUrl = `${ssl ? 'https' : 'http'}://${hostForUrl}:${port}`;
  return { host: hostForUrl, port, ssl, baseUrl, displayUrl: baseUrl, headers: basicAuthHeaders(parsed) };
}
