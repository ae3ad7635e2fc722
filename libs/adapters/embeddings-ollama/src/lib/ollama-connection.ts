/**
 * Turns an Ollama URL (`http://host:port`, optionally with `user:password@` for a basic-auth proxy and a
 * path prefix) into client settings. The URL's credentials become an `Authorization` header and never
 * appear in `displayUrl`, the only form of the URL that may reach logs or error messages.
 *
 * Why credentials cannot stay in the URL: Node's `fetch` refuses such URLs with an error whose message
 * repeats the whole URL, password included.
 */
import { basicAuthHeaders, parseServiceUrl } from '@kioku/remote-service';

export interface OllamaConnection {
  /** `http(s)://host:port[/prefix]` without credentials, query or trailing slash; the client's `host`. */
  baseUrl: string;
  /** Safe to log and to show: the same as `baseUrl`. */
  displayUrl: string;
  /** Extra request headers (basic auth from the URL's credentials). */
  headers: Record<string, string>;
}

/** Parses `url`; throws a `CONFIG_INVALID` AppError (without repeating the URL) when it is unusable. */
export function parseOllamaUrl(url: string): OllamaConnection {
  const parsed = parseServiceUrl(url, 'Ollama', 'http://127.0.0.1:11434');
  const path = parsed.pathname.replace(/\/+$/, '');
  const baseUrl = `${parsed.protocol}//${parsed.host}${path}`;
  return { baseUrl, displayUrl: baseUrl, headers: basicAuthHeaders(parsed) };
}
