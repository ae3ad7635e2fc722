/**
 * Metrics and one access-log line per request: method, route template, status, duration and key id —
 * never a path, a body or a namespace.
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from '@kioku/kernel';
import type { GatewayMetrics } from '../metrics/gateway-metrics';

const KNOWN_METHODS = new Set(['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']);

export function logEachRequest(server: FastifyInstance, metrics: GatewayMetrics, logger: Logger): void {
  server.addHook('onResponse', async (request, reply) => {
    const route = request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
    const method = KNOWN_METHODS.has(request.method) ? request.method : 'OTHER';
    metrics.observeRequest(method, route, reply.statusCode, reply.elapsedTime / 1000);
    logger.info('http.request', {
      method,
      route,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      keyId: request.caller?.keyId,
    });
  });
}
