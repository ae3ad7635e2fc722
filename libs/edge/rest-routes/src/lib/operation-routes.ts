/**
 * The REST adapter of the table of operations (`@kioku/operations`): each route of each operation
 * becomes a REST route. Its input is the operation's input schema, split between the path
 * (`pathArguments` names the field each path parameter fills), the fields the route fixes and the body
 * (the rest, or the route's own narrower schema); its OpenAPI summary and description are the
 * operation's title and description, followed by the route's own.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { OPERATIONS, type HttpRoute, type Operation, type RestCall } from '@kioku/operations';
import type { RestInput, RestRoute, RouteSpec } from './route-spec';

export function operationRoutes(operations: readonly Operation[] = OPERATIONS): RouteSpec[] {
  return operations.flatMap((operation) => operation.http.map((route) => restRouteOf(operation, route)));
}

function restRouteOf(operation: Operation, route: HttpRoute): RestRoute {
  const params = route.pathArguments ?? {};
  const shape = operation.input.shape;
  for (const field of [...Object.values(params), ...Object.keys(route.fixed ?? {})])
    if (!(field in shape))
      throw new Error(`${operation.id}: ${route.path} fills "${field}", not an input field.`);
  return {
    kind: 'rest',
    operationId: route.operationId ?? operation.id,
    method: route.method,
    path: route.path,
    tag: route.tag,
    auth: true,
    summary: route.summary ? `${operation.title}: ${route.summary}` : operation.title,
    description: route.description ? `${operation.description} ${route.description}` : operation.description,
    body: requestBody(operation, route),
    query: route.query,
    params:
      Object.keys(params).length > 0
        ? z.object(Object.fromEntries(Object.entries(params).map(([name, field]) => [name, shape[field]])))
        : undefined,
    headers: route.headers,
    responses: route.responses,
    problems: route.problems,
    mcpTool: operation.id,
    pathArguments: route.pathArguments,
    handle: (request) => serve(operation, route, request),
  };
}

/** The body: the input fields the path and the fixed fields leave, on POST and PATCH, unless the route says otherwise. */
function requestBody(operation: Operation, route: HttpRoute): z.ZodType | undefined {
  if (route.body !== undefined) return route.body ?? undefined;
  if (route.method !== 'POST' && route.method !== 'PATCH') return undefined;
  const taken = [...Object.values(route.pathArguments ?? {}), ...Object.keys(route.fixed ?? {})];
  if (taken.length === 0) return operation.input;
  const mask: Record<string, true> = Object.fromEntries(taken.map((field) => [field, true]));
  const rest = operation.input.omit(mask as Record<string, true> & Record<number, never>);
  return Object.keys(rest.shape).length > 0 ? rest : undefined;
}

async function serve(operation: Operation, route: HttpRoute, request: RestInput<unknown, unknown>) {
  const fromPath = Object.entries(route.pathArguments ?? {}).map(
    ([name, field]): [string, string | undefined] => [field, request.params[name]],
  );
  const input = {
    ...route.fixed,
    ...(request.body as Record<string, unknown> | undefined),
    ...Object.fromEntries(fromPath),
  };
  if (route.handle) return route.handle(restCall(input, request));
  if (!route.respond) throw new Error(`${operation.id}: ${route.path} neither responds nor handles.`);
  return route.respond(await operation.run(request.container, input, request.context), input);
}

function restCall(input: Record<string, unknown>, request: RestInput<unknown, unknown>): RestCall {
  return {
    input,
    query: (request.query ?? {}) as Record<string, unknown>,
    header: (name) => headerValue(request.request.headers[name]),
    caller: request.caller,
    context: request.context,
    container: request.container,
  };
}

function headerValue(value: FastifyRequest['headers'][string]): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() ? first.trim() : undefined;
}
