/**
 * Builds the HTTP gateway (behaviour §8.2) over an assembled container: Fastify with a body limit, security
 * headers on every response, the authentication hook with the per-key limits (rate, requests in
 * flight, time per request), the routes (REST under /v1, MCP at /mcp, operations, the dashboard's files at /ui),
 * one error handler that answers problem JSON, metrics and an access log per request (route
 * template, status, duration, key id — never a path, a body or a namespace). Listening and shutdown
 * belong to the entry point.
 */
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContainer } from '@kioku/composition';
import { originViolation, SECURITY_HEADERS } from '@kioku/kernel';
import type { ApiKeyStore } from './auth/api-key-store';
import { Authenticator } from './auth/authenticate';
import type { HttpGatewayConfig } from './config';
import { GatewayError } from './errors/gateway-error';
import { isServerFault, problem, toProblem } from './errors/to-problem';
import { InFlightLimiter } from './limits/in-flight.limiter';
import { armRequestDeadline } from './limits/request-deadline';
import { TokenBucketRateLimiter } from './limits/token-bucket.rate-limiter';
import type { StreamableHttpSessions } from '@kioku/mcp-tools';
import { createGatewayMcpSessions } from './mcp/mcp-sessions';
import { GatewayMetrics } from './metrics/gateway-metrics';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi/openapi-document';
import { defaultDashboardDir, registerDashboard } from './dashboard/dashboard-files';
import { consolidationRoutes } from './routes/consolidation.routes';
import { episodeRoutes } from './routes/episodes.routes';
import { forgettingRoutes } from './routes/forgetting.routes';
import { inspectionRoutes } from './routes/inspection.routes';
import { mcpRoutes } from './routes/mcp.routes';
import { memoryRoutes } from './routes/memory.routes';
import { operationsRoutes } from './routes/operations.routes';
import { registerRoute } from './routes/register-route';
import type { RouteSpec } from './routes/route-spec';
import { WorkerReportReader } from './worker-reports/worker-report-reader';

export const GATEWAY_INFO = { title: 'kioku HTTP gateway', version: '0.1.0' } as const;

const KNOWN_METHODS = new Set(['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']);

export interface GatewayDeps {
  config: HttpGatewayConfig;
  app: AppContainer;
  keys: ApiKeyStore;
  metrics?: GatewayMetrics;
  /** Where the built dashboard is (default: dist/ui). */
  dashboardDir?: string;
}

export interface Gateway {
  server: FastifyInstance;
  metrics: GatewayMetrics;
  mcpSessions: StreamableHttpSessions;
  /** Every route served, as described in the OpenAPI document. */
  routes: readonly RouteSpec[];
  /** Readiness turns 503 (load balancers stop sending) before the server closes. */
  beginShutdown(): void;
}

export function buildGateway(deps: GatewayDeps): Gateway {
  const { config, app, keys } = deps;
  const { logger, container } = app;
  const metrics = deps.metrics ?? new GatewayMetrics();
  const server = Fastify({
    logger: false,
    bodyLimit: config.http.bodyLimitBytes,
    // Shutdown answers with a problem (below) instead of Fastify's own 503 body.
    return503OnClosing: false,
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  server.removeContentTypeParser('text/plain');
  // Many HTTP clients send Content-Type: application/json on every request, a DELETE included: an
  // empty body is no body, anything else goes through Fastify's own (poisoning-safe) JSON parser.
  const parseJson = server.getDefaultJsonParser('error', 'error');
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') done(null, undefined);
    else void parseJson(request, text, done);
  });
  server.decorateRequest('caller', null);

  const authenticator = new Authenticator({
    keys,
    metrics,
    allowAnonymous: config.http.allowAnonymous,
    anonymousNamespace: config.namespace,
  });
  const limiter = new TokenBucketRateLimiter(config.http.ratePerMinute, config.http.rateBurst);
  const inFlight = new InFlightLimiter(config.http.maxInFlightPerKey);
  const mcpSessions = createGatewayMcpSessions({
    container,
    logger,
    metrics,
    maxSessions: config.http.mcpMaxSessions,
    idleMs: config.http.mcpSessionIdleMs,
  });
  let stopping = false;

  server.addHook('onRequest', async (request, reply) => {
    // On the raw response, so that hijacked replies (the MCP transport writes its own) carry them too.
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.raw.setHeader(name, value);
    const violation = originViolation(
      { host: request.headers.host, origin: request.headers.origin },
      config.originPolicy,
    );
    if (violation === 'host')
      throw new GatewayError('FORBIDDEN', 'This Host is not served here (KIOKU_ALLOWED_HOSTS).');
    if (violation === 'origin') {
      throw new GatewayError(
        'FORBIDDEN',
        'Requests from this Origin are not allowed (KIOKU_ALLOWED_ORIGINS).',
      );
    }
    if (stopping) {
      reply.header('connection', 'close');
      throw new GatewayError('SHUTTING_DOWN', 'The gateway is shutting down; retry on another instance.');
    }
    if (!request.routeOptions.config.auth) return;
    const caller = authenticator.authenticate(request);
    const decision = limiter.take(caller.keyId);
    if (!decision.allowed) {
      metrics.countRateLimited();
      throw new GatewayError(
        'RATE_LIMITED',
        `Rate limit of ${config.http.ratePerMinute} requests per minute per key exceeded; retry after ${decision.retryAfterSeconds} s.`,
        { 'retry-after': String(decision.retryAfterSeconds) },
      );
    }
    request.caller = caller;
    // The MCP event stream (GET /mcp) stays open for the whole session: neither limit applies to it.
    if (request.method === 'GET' && request.routeOptions.url === '/mcp') return;
    const release = inFlight.tryAcquire(caller.keyId);
    if (!release) {
      metrics.countRateLimited();
      throw new GatewayError(
        'TOO_MANY_IN_FLIGHT',
        `At most ${config.http.maxInFlightPerKey} requests per key may be in flight at once; retry when one has finished.`,
        { 'retry-after': '1' },
      );
    }
    reply.raw.once('close', release);
    armRequestDeadline(reply, config.http.requestTimeoutMs, () =>
      logger.warn('http.request_timeout', {
        route: request.routeOptions.url ?? 'unmatched',
        keyId: caller.keyId,
        timeoutMs: config.http.requestTimeoutMs,
      }),
    );
  });

  // While stopping, answered keep-alive connections are closed so that draining ends with the last
  // in-flight request instead of waiting for idle sockets to time out.
  server.addHook('onSend', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });

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

  server.setErrorHandler((error, request, reply) => {
    const response = toProblem(error);
    if (isServerFault(response)) {
      logger.error('http.error', { route: request.routeOptions.url ?? 'unmatched', error });
    }
    return reply.code(response.status).headers(response.headers).send(response.body);
  });

  server.setNotFoundHandler((_request, reply) => {
    const response = problem('ROUTE_NOT_FOUND', 'No such route. The API is described at /openapi.json.');
    return reply.code(response.status).headers(response.headers).send(response.body);
  });

  let document: OpenApiDocument | undefined;
  const routes: RouteSpec[] = [
    ...memoryRoutes,
    ...forgettingRoutes,
    ...episodeRoutes,
    ...consolidationRoutes,
    ...inspectionRoutes(new WorkerReportReader(join(config.dataDir, 'worker-reports'))),
    ...mcpRoutes(mcpSessions, metrics),
    ...operationsRoutes({
      container,
      metrics,
      probeNamespace: config.namespace,
      openApiDocument: () => (document ??= buildOpenApiDocument(routes, GATEWAY_INFO)),
    }),
  ];
  for (const route of routes) registerRoute(server, route, { container, metrics });
  registerDashboard(server, deps.dashboardDir ?? defaultDashboardDir());

  server.addHook('preClose', async () => {
    stopping = true;
    await mcpSessions.closeAll();
  });

  return {
    server,
    metrics,
    mcpSessions,
    routes,
    beginShutdown: () => {
      stopping = true;
    },
  };
}
