/** Security headers on every answer (behaviour §8.2): REST, /mcp, health, errors and the dashboard. */
import type { FastifyInstance } from 'fastify';
import { SECURITY_HEADERS } from '@kioku/http-guards';

export function addSecurityHeaders(server: FastifyInstance): void {
  server.addHook('onRequest', async (_request, reply) => {
    // On the raw response, so that hijacked replies (the MCP transport writes its own) carry them too.
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.raw.setHeader(name, value);
  });
}
