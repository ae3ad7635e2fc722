/**
 * The URL of an HTTP service the configuration names (a vector store, an embedding server): parsed
 * once, with errors that never repeat the URL (it may carry credentials), and its `user:password@`
 * turned into a basic-auth header so that credentials never travel in, or get logged with, the URL.
 */
import { AppError } from '@kioku/kernel';

/** `url` as an http(s) URL; CONFIG_INVALID naming `service` (and an example) otherwise. */
export function parseServiceUrl(url: string, service: string, example?: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    const hint = example ? ` (e.g. ${example})` : '';
    throw new AppError('CONFIG_INVALID', `The ${service} URL is not a valid URL${hint}.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new AppError('CONFIG_INVALID', `The ${service} URL must start with http:// or https://.`);
  }
  return parsed;
}

/** `{ Authorization: Basic … }` for credentials written in the URL; empty without them. */
export function basicAuthHeaders(url: URL): Record<string, string> {
  if (!url.username && !url.password) return {};
  const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return { Authorization: `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}` };
}
