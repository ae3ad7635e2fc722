/**
 * Registers a route description with Fastify. For a REST route this is the whole request pipeline
 * after authentication: validate body, query and path parameters with the route's zod schemas (a
 * failure is an INVALID_INPUT problem), count the operation, run the handler with the caller's
 * context, send its result. Errors propagate to the one error handler (`to-problem.ts`).
 *
 * This is the one validation of a REST call: the use cases take parsed input (their `execute` is
 * typed by their input schema) and check only the rules of the domain, as for an MCP tool call,
 * whose arguments the MCP SDK validates against the same schemas.
 */
import type { FastifyInstance } from 'fastify';
import type { Container } from 'inversify';
import { restContext } from './caller';
import { GatewayError } from './problems/gateway.errors';
import { parseInput } from './parse-input';
import type { RouteSpec } from './route-spec';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Requires an API key (set on protected routes, read by the authentication hook). */
    auth?: boolean;
    operationId?: string;
  }
}

export interface RegisterRouteDeps {
  container: Container;
  /** Counts each call of an operation (the gateway's metrics). */
  metrics: { countOperation(operationId: string, transport: 'rest'): void };
}

export function registerRoute(server: FastifyInstance, route: RouteSpec, deps: RegisterRouteDeps): void {
  server.route({
    method: route.method,
    url: route.path,
    config: { auth: route.auth, operationId: route.operationId },
    handler:
      route.kind === 'raw'
        ? (request, reply) => route.handle(request, reply)
        : async (request, reply) => {
            const caller = request.caller;
            if (!caller) throw new GatewayError('UNAUTHORIZED', 'Authentication is required.');
            const body: unknown = route.body ? parseInput(route.body, request.body ?? {}) : undefined;
            const query: unknown = route.query ? parseInput(route.query, request.query ?? {}) : undefined;
            const params = request.params as Record<string, string>;
            if (route.params) parseInput(route.params, params);
            deps.metrics.countOperation(route.operationId, 'rest');
            const result = await route.handle({
              body,
              query,
              params,
              caller,
              context: restContext(caller),
              container: deps.container,
              request,
            });
            return reply
              .code(result.status)
              .headers(result.headers ?? {})
              .send(result.body);
          },
  });
}
