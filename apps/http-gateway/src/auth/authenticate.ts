/**
 * Authentication of a request: `Authorization: Bearer kioku_…` checked against the hashed key
 * store. Without a header, and only when anonymous access is enabled (config refuses it unless the
 * gateway listens on loopback), a request is served anonymously in KIOKU_NAMESPACE if it really is
 * local: a loopback peer, no proxy headers (a local reverse proxy would otherwise make every remote
 * client local) and a loopback Host (a DNS-rebinding web page sends its own host name).
 * A header that is present but wrong is always refused, never downgraded to anonymous.
 */
import type { FastifyRequest } from 'fastify';
import { isLoopbackHost } from '@kioku/http-guards';
import { GatewayError } from '@kioku/rest-routes';
import type { AuthFailureReason, GatewayMetrics } from '../metrics/gateway-metrics';
import type { ApiKeyStore } from './api-key-store';
import { ANONYMOUS_KEY_ID, type Caller } from '@kioku/rest-routes';

export interface AuthenticatorOptions {
  keys: ApiKeyStore;
  metrics: GatewayMetrics;
  allowAnonymous: boolean;
  anonymousNamespace: string;
}

const CHALLENGE = { 'www-authenticate': 'Bearer realm="kioku"' };
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

export class Authenticator {
  constructor(private readonly options: AuthenticatorOptions) {}

  /** The caller of the request, or a 401 GatewayError. */
  authenticate(request: FastifyRequest): Caller {
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === '') {
      if (this.options.allowAnonymous && isLocalRequest(request)) {
        return { keyId: ANONYMOUS_KEY_ID, namespace: this.options.anonymousNamespace };
      }
      return this.refuse(
        this.options.allowAnonymous ? 'anonymous_refused' : 'missing',
        'Send an API key: Authorization: Bearer kioku_… (create one with `kioku http keys create --namespace <ns>`).',
      );
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) return this.refuse('malformed', 'The Authorization header must be `Bearer <API key>`.');
    const verification = this.options.keys.verify(match[1]);
    if (!verification.ok) return this.refuse(verification.reason, 'The API key is not valid.');
    return { keyId: verification.key.id, namespace: verification.key.namespace };
  }

  private refuse(reason: AuthFailureReason, message: string): never {
    this.options.metrics.countAuthFailure(reason);
    throw new GatewayError('UNAUTHORIZED', message, CHALLENGE);
  }
}

function isLocalRequest(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? '';
  if (!isLoopbackHost(peer)) return false;
  if (PROXY_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  const host = request.headers.host ?? '';
  return isLoopbackHost(host.replace(/:\d+$/, ''));
}
