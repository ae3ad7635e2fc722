/**
 * Routes for operators, without a key: liveness, readiness (the store answers a count within a
 * deadline; while stopping every route answers 503, see the gateway's app.ts), Prometheus metrics and the OpenAPI
 * document. None of them reveals an id, a namespace or content.
 */
import type { Container } from 'inversify';
import { z } from 'zod';
import { AppError } from '@kioku/kernel';
import { MemoryRepository } from '@kioku/memory';
import { rawRoute, type RawRoute, type RouteSpec } from '../route-spec';

const READY_DEADLINE_MS = 3000;

export interface OperatorRouteDeps {
  container: Container;
  /** The gateway's metrics, in Prometheus's text format. */
  metrics: { render(): Promise<{ contentType: string; body: string }> };
  /** A namespace to count in (the gateway's KIOKU_NAMESPACE): the readiness probe's store call. */
  probeNamespace: string;
  openApiDocument(): unknown;
}

const aliveSchema = z.strictObject({ status: z.literal('ok') });
const readySchema = z.strictObject({ status: z.literal('ready') });

/** Every operator route is a GET without a key (OpenAPI tag `operations`). */
function operatorRoute(route: Omit<RawRoute, 'kind' | 'method' | 'tag' | 'auth'>): RouteSpec {
  return rawRoute({ ...route, method: 'GET', tag: 'operations', auth: false });
}

export function operatorRoutes(deps: OperatorRouteDeps): RouteSpec[] {
  return [
    operatorRoute({
      operationId: 'healthz',
      path: '/healthz',
      summary: 'Liveness: the process is up',
      responses: { 200: { description: 'Alive', schema: aliveSchema } },
      async handle(_request, reply) {
        return reply.send({ status: 'ok' });
      },
    }),

    operatorRoute({
      operationId: 'readyz',
      path: '/readyz',
      summary: 'Readiness: the store answers',
      responses: { 200: { description: 'Ready', schema: readySchema } },
      problems: ['STORE_UNAVAILABLE', 'SHUTTING_DOWN'],
      async handle(_request, reply) {
        await withDeadline(
          deps.container.get(MemoryRepository).count(deps.probeNamespace),
          READY_DEADLINE_MS,
        );
        return reply.send({ status: 'ready' });
      },
    }),

    operatorRoute({
      operationId: 'metrics',
      path: '/metrics',
      summary: 'Prometheus metrics (route templates and counts only)',
      responses: { 200: { description: 'Prometheus text format', mediaType: 'text/plain' } },
      async handle(_request, reply) {
        const { contentType, body } = await deps.metrics.render();
        return reply.header('content-type', contentType).send(body);
      },
    }),

    operatorRoute({
      operationId: 'openapi',
      path: '/openapi.json',
      summary: 'This OpenAPI 3.1 document',
      responses: { 200: { description: 'OpenAPI document', mediaType: 'application/json' } },
      async handle(_request, reply) {
        return reply.send(deps.openApiDocument());
      },
    }),
  ];
}

async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new AppError('STORE_UNAVAILABLE', `The store did not answer within ${ms} ms.`)),
      ms,
    );
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
