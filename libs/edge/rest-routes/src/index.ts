/**
 * Public API of @kioku/rest-routes: the REST adapter of the table of operations and the gateway's own
 * routes (inspection, MCP, operator), described in one vocabulary, registered with Fastify and written
 * into the OpenAPI document; and REST's form of errors (problem JSON).
 */
export { ANONYMOUS_KEY_ID, type Caller } from './lib/caller';
export { gatewayRoutes } from './lib/gateway-routes';
export { GatewayError } from './lib/problems/gateway.errors';
export { isServerFault, problem, toProblem } from './lib/problems/to-problem';
export { registerRoute } from './lib/register-route';
export { type RouteSpec } from './lib/route-spec';
export { WORKER_REPORT_STATUSES, type WorkerReportsOutput } from './lib/routes/inspection.presenter';
