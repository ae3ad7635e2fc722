/**
 * Which `Host` and `Origin` an HTTP surface answers (the MCP specification's defence against DNS
 * rebinding: a web page on another site must not reach a server on this machine through a name that
 * resolves to it). A request is refused when its Host names a host outside the allow-list, or when it
 * carries an Origin that is neither listed nor on an allowed host. Requests without an Origin (every
 * non-browser client) pass the Origin check.
 */
import { isIP } from 'node:net';

export interface OriginPolicy {
  /** Host names without port, lower case (`localhost`, `127.0.0.1`, `[::1]`, `kioku.example.com`); `*` allows any. */
  hosts: string[];
  /** Extra allowed origins, exact (`https://app.example.com`); an origin on an allowed host passes anyway. */
  origins: string[];
}

export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

export const LOOPBACK_ORIGIN_POLICY: OriginPolicy = Object.freeze({
  hosts: [...LOOPBACK_HOSTS],
  origins: [],
});

/** `localhost`, 127.0.0.0/8 or ::1 (also IPv4-mapped), with or without brackets. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || /^::ffff:127\./.test(bare);
  return false;
}

/** What is wrong with the request's Host or Origin, or undefined when both are allowed. */
export function originViolation(
  headers: { host?: string; origin?: string },
  policy: OriginPolicy,
): 'host' | 'origin' | undefined {
  const host = hostName(headers.host);
  if (host === undefined || !hostAllowed(host, policy)) return 'host';
  if (headers.origin === undefined) return undefined;
  const origin = headers.origin.trim().toLowerCase();
  if (policy.origins.includes(origin)) return undefined;
  let originHost: string | undefined;
  try {
    const url = new URL(origin);
    originHost = url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname : undefined;
  } catch {
    originHost = undefined;
  }
  return originHost !== undefined && hostAllowed(originHost, policy) ? undefined : 'origin';
}

function hostAllowed(host: string, policy: OriginPolicy): boolean {
  return policy.hosts.includes('*') || policy.hosts.includes(host);
}

/** The host name of a Host header without its port (`[::1]:8788` → `[::1]`); undefined when malformed. */
function hostName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim().toLowerCase();
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/.exec(value);
  return match?.[1];
}
