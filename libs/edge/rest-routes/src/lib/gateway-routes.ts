/**
 * Every route the HTTP gateway serves, in one list: the table of operations' routes (REST under /v1),
 * the inspection routes the dashboard reads, MCP at /mcp and the operator's routes, whose OpenAPI
 * document describes this same list. The gateway registers each with `registerRoute`.
 */
import type { Container } from 'inversify';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';
import { operationRoutes } from './operation-routes';
import type { RawRoute, RouteSpec } from './route-spec';
import { inspectionRoutes, type WorkerReports } from './routes/inspection.routes';
import { mcpRoutes } from './routes/mcp.routes';
import { operatorRoutes, type OperatorRouteDeps } from './routes/operator.routes';

const GATEWAY_INFO = { title: 'kioku HTTP gateway', version: '0.1.0' } as const;

export interface GatewayRouteDeps extends Omit<OperatorRouteDeps, 'openApiDocument'> {
  container: Container;
  workerReports: WorkerReports;
  /** Serves a request to `/mcp` (the gateway's Streamable-HTTP sessions). */
  serveMcp: RawRoute['handle'];
}

export function gatewayRoutes(deps: GatewayRouteDeps): RouteSpec[] {
  let document: OpenApiDocument | undefined;
  const routes: RouteSpec[] = [
    ...operationRoutes(),
    ...inspectionRoutes(deps.workerReports),
    ...mcpRoutes(deps.serveMcp),
    ...operatorRoutes({
      container: deps.container,
      metrics: deps.metrics,
      probeNamespace: deps.probeNamespace,
      openApiDocument: () => (document ??= buildOpenApiDocument(routes, GATEWAY_INFO)),
    }),
  ];
  return routes;
}
