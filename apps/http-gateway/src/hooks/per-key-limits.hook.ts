/**
 * Authentication and the per-key limits, in this order on routes that need a key (behaviour §8.2):
 * the key names the caller; its token bucket (429 RATE_LIMITED); its requests in flight (429
 * TOO_MANY_IN_FLIGHT); the time limit per request (503 REQUEST_TIMEOUT). The MCP event stream
 * (GET /mcp) stays open for a whole session, so neither of the last two applies to it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from '@kioku/kernel';
import type { Authenticator } from '../auth/authenticate';
import { GatewayError } from '@kioku/rest-routes';
import type { InFlightLimiter } from '../limits/in-flight.limiter';
import { armRequestDeadline } from '../limits/request-deadline';
import type { TokenBucketRateLimiter } from '../limits/token-bucket.rate-limiter';
import type { GatewayMetrics } from '../metrics/gateway-metrics';

export interface PerKeyLimits {
  authenticator: Authenticator;
  rate: TokenBucketRateLimiter;
  ratePerMinute: number;
  inFlight: InFlightLimiter;
  maxInFlightPerKey: number;
  requestTimeoutMs: number;
  metrics: GatewayMetrics;
  logger: Logger;
}

const isEventStream = (request: FastifyRequest) =>
  request.method === 'GET' && request.routeOptions.url === '/mcp';

export function enforcePerKeyLimits(server: FastifyInstance, limits: PerKeyLimits): void {
  server.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.config.auth) return;
    const caller = limits.authenticator.authenticate(request);
    const decision = limits.rate.take(caller.keyId);
    if (!decision.allowed) {
      limits.metrics.countRateLimited();
      throw new GatewayError(
        'RATE_LIMITED',
        `Rate limit of ${limits.ratePerMinute} requests per minute per key exceeded; retry after ${decision.retryAfterSeconds} s.`,
        { 'retry-after': String(decision.retryAfterSeconds) },
      );
    }
    request.caller = caller;
    if (isEventStream(request)) return;
    const release = limits.inFlight.tryAcquire(caller.keyId);
    if (!release) {
      limits.metrics.countRateLimited();
      throw new GatewayError(
        'TOO_MANY_IN_FLIGHT',
        `At most ${limits.maxInFlightPerKey} requests per key may be in flight at once; retry when one has finished.`,
        { 'retry-after': '1' },
      );
    }
    reply.raw.once('close', release);
    armRequestDeadline(reply, limits.requestTimeoutMs, () =>
      limits.logger.warn('http.request_timeout', {
        route: request.routeOptions.url ?? 'unmatched',
        keyId: caller.keyId,
        timeoutMs: limits.requestTimeoutMs,
      }),
    );
  });
}
