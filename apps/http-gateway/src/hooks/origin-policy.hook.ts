/** Answers only the hosts and origins the deployment allows (DNS-rebinding and cross-site defence). */
import type { FastifyInstance } from 'fastify';
import { originViolation, type OriginPolicy } from '@kioku/http-guards';
import { GatewayError } from '@kioku/rest-routes';

export function enforceOriginPolicy(server: FastifyInstance, policy: OriginPolicy): void {
  server.addHook('onRequest', async (request) => {
    const violation = originViolation({ host: request.headers.host, origin: request.headers.origin }, policy);
    if (violation === 'host')
      throw new GatewayError('FORBIDDEN', 'This Host is not served here (KIOKU_ALLOWED_HOSTS).');
    if (violation === 'origin')
      throw new GatewayError(
        'FORBIDDEN',
        'Requests from this Origin are not allowed (KIOKU_ALLOWED_ORIGINS).',
      );
  });
}
