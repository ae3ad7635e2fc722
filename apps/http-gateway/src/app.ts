/**
 * Builds the HTTP gateway (behaviour §8.2) over an assembled container: Fastify with a body limit and
 * connection limits (deadlines for a request to arrive, caps per address and in all), the
 * request hooks (hooks/: security headers, Host and Origin policy, refusal while stopping, the key and
 * its limits, the access log), one error handler that answers problem JSON, and the routes of
 * `@kioku/rest-routes` (REST under /v1, MCP at /mcp, operator routes) and the dashboard's files at /ui. Listening and shutdown belong to the
 * entry point.
 */
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContainer } from '@kioku/composition';
import type { Logger } from '@kioku/kernel';
import type { ApiKeyStore } from './auth/api-key-store';
import { Authenticator } from './auth/authenticate';
import type { HttpGatewayConfig } from './config';
import { guardConnections, type ConnectionGuard } from './limits/connection-guard';
import { defaultMaxConnections } from './limits/descriptor-limit';
import { InFlightLimiter } from './limits/in-flight.limiter';
import { TokenBucketRateLimiter } from './limits/token-bucket.rate-limiter';
import type { StreamableHttpSessions } from '@kioku/mcp-tools/http';
import { createGatewayMcpSessions, serveMcpRequest } from './mcp/mcp-sessions';
import { logEachRequest } from './hooks/access-log.hook';
import { enforceOriginPolicy } from './hooks/origin-policy.hook';
import { enforcePerKeyLimits } from './hooks/per-key-limits.hook';
import { addSecurityHeaders } from './hooks/security-headers.hook';
import { refuseWhileStopping } from './hooks/shutdown-refusal.hook';
import { GatewayMetrics } from './metrics/gateway-metrics';
import { defaultDashboardDir, registerDashboard } from './dashboard/dashboard-files';
import {
  gatewayRoutes,
  isServerFault,
  problem,
  registerRoute,
  toProblem,
  type RouteSpec,
} from '@kioku/rest-routes';
import { WorkerReportReader } from './worker-reports/worker-report-reader';

/** A request (headers and body) must have arrived whole this long after it began. */
const REQUEST_ARRIVAL_MS = 60_000;

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
  /** The connections of each address that are not in a request (the slow-loris cap). */
  connections: ConnectionGuard;
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
    ...connectionLimits(config.http),
    // Shutdown answers with a problem (below) instead of Fastify's own 503 body.
    return503OnClosing: false,
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  server.server.maxConnections = config.http.maxConnections ?? defaultMaxConnections();
  const connections = guardConnections(server.server, {
    maxPendingPerAddress: config.http.maxPendingConnectionsPerAddress,
    onRefused: () => metrics.countConnectionRefused(),
  });
  server.removeContentTypeParser('text/plain');
  acceptEmptyJsonBodies(server);
  server.decorateRequest('caller', null);

  const mcpSessions = createGatewayMcpSessions({
    container,
    logger,
    metrics,
    maxSessions: config.http.mcpMaxSessions,
    idleMs: config.http.mcpSessionIdleMs,
  });
  // Hooks run in the order they are added.
  addSecurityHeaders(server);
  enforceOriginPolicy(server, config.originPolicy);
  const shutdown = refuseWhileStopping(server);
  enforcePerKeyLimits(server, {
    authenticator: new Authenticator({
      keys,
      metrics,
      allowAnonymous: config.http.allowAnonymous,
      anonymousNamespace: config.namespace,
    }),
    rate: new TokenBucketRateLimiter(config.http.ratePerMinute, config.http.rateBurst),
    ratePerMinute: config.http.ratePerMinute,
    inFlight: new InFlightLimiter(config.http.maxInFlightPerKey),
    maxInFlightPerKey: config.http.maxInFlightPerKey,
    requestTimeoutMs: config.http.requestTimeoutMs,
    metrics,
    logger,
  });
  logEachRequest(server, metrics, logger);
  answerProblems(server, logger);

  const routes = gatewayRoutes({
    container,
    metrics,
    probeNamespace: config.namespace,
    workerReports: new WorkerReportReader(join(config.dataDir, 'worker-reports')),
    serveMcp: (request, reply) => serveMcpRequest(mcpSessions, metrics, request, reply),
  });
  for (const route of routes) registerRoute(server, route, { container, metrics });
  registerDashboard(server, deps.dashboardDir ?? defaultDashboardDir());

  server.addHook('preClose', async () => {
    shutdown.begin();
    await mcpSessions.closeAll();
  });

  return {
    server,
    metrics,
    mcpSessions,
    routes,
    connections,
    beginShutdown: () => shutdown.begin(),
  };
}

/**
 * Node's deadlines for a request to arrive (docs/gateway.md): its headers within `headersTimeoutMs`
 * (Node's default is 60 s, checked every 30 s, so a silent connection stayed up to 90 s), checked every
 * second; the whole request, body included, within a minute (Fastify turns Node's 5-minute default off).
 */
function connectionLimits(http: HttpGatewayConfig['http']) {
  return {
    http: { headersTimeout: http.headersTimeoutMs, connectionsCheckingInterval: 1000 },
    requestTimeout: Math.max(REQUEST_ARRIVAL_MS, http.headersTimeoutMs),
  };
}

/**
 * Many HTTP clients send Content-Type: application/json on every request, a DELETE included: an empty
 * body is no body, anything else goes through Fastify's own (poisoning-safe) JSON parser.
 */
function acceptEmptyJsonBodies(server: FastifyInstance): void {
  const parseJson = server.getDefaultJsonParser('error', 'error');
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') done(null, undefined);
    else void parseJson(request, text, done);
  });
}

/** Every error and unknown route is answered as problem JSON; only server faults are logged. */
function answerProblems(server: FastifyInstance, logger: Logger): void {
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
}
