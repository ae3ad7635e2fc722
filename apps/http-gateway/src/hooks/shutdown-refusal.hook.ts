/**
 * Once shutdown has begun, new requests are refused (503 SHUTTING_DOWN) and answered connections are
 * closed, so that draining ends with the last in-flight request instead of waiting for idle
 * keep-alive sockets to time out.
 */
import type { FastifyInstance } from 'fastify';
import { GatewayError } from '@kioku/rest-routes';

export interface ShutdownSwitch {
  begin(): void;
}

export function refuseWhileStopping(server: FastifyInstance): ShutdownSwitch {
  let stopping = false;
  server.addHook('onRequest', async (_request, reply) => {
    if (!stopping) return;
    reply.header('connection', 'close');
    throw new GatewayError('SHUTTING_DOWN', 'The gateway is shutting down; retry on another instance.');
  });
  server.addHook('onSend', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });
  return {
    begin: () => {
      stopping = true;
    },
  };
}
