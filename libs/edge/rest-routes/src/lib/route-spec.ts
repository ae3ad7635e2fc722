/**
 * One description per route, used twice: to register it with Fastify (`register-route.ts`) and to
 * write the OpenAPI document (`openapi-document.ts`), so that the document can never drift from what
 * is served. Every route is described in one vocabulary (`RouteDocs` of `@kioku/operations`: method,
 * path, summary, description, path arguments, responses): the operations' routes are made from the
 * table of operations (`operation-routes.ts`), the gateway's own (inspection, MCP, operator) are
 * written in `routes/`. A REST route names the zod schemas of its body and query (the use cases' own
 * input schemas) and of its responses (the presenters' output schemas); its handler gets validated
 * input and the caller's context, resolves a use case, executes it and maps the result. The handler's
 * result is typed by the route's documented responses: for each status, a body of that status's
 * schema (`RouteResult<R>`), so a route cannot answer a status or a body its OpenAPI entry does not
 * describe without a compile error. A raw route (health, metrics, MCP) handles the request itself and
 * only contributes its documentation.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from 'inversify';
import { z } from 'zod';
import type { CallContext } from '@kioku/call-context';
import { idString } from '@kioku/memory/schemas';
import type { OperationTag, ResponseDocs, RouteDocs, RouteResult } from '@kioku/operations';
import type { Caller } from './caller';
import type { ProblemCode } from './problems/to-problem';

type RouteTag = OperationTag | 'inspection' | 'mcp' | 'operations';

interface ServedRouteDocs<R extends ResponseDocs = ResponseDocs> extends RouteDocs<R> {
  /** Stable name: the OpenAPI operationId and the `operation` label of the metrics. */
  operationId: string;
  summary: string;
  tag: RouteTag;
  /** Whether a valid API key is required (and the per-key rate limit applies). */
  auth: boolean;
  /** Problems this route may answer with besides the ones every route shares. */
  problems?: ProblemCode[];
  /** The MCP tool serving the same operation (the table of operations), if any. */
  mcpTool?: string;
}

export interface RestInput<B, Q> {
  body: B;
  query: Q;
  params: Record<string, string>;
  caller: Caller;
  context: CallContext;
  container: Container;
  request: FastifyRequest;
}

export interface RestRoute<
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  R extends ResponseDocs = ResponseDocs,
> extends ServedRouteDocs<R> {
  kind: 'rest';
  body?: B;
  query?: Q;
  /** Checks the path parameters (the handler still reads them as strings). */
  params?: z.ZodType;
  handle(input: RestInput<z.output<B>, z.output<Q>>): Promise<NoInfer<RouteResult<R>>>;
}

export interface RawRoute extends ServedRouteDocs {
  kind: 'raw';
  handle(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

export type RouteSpec = RestRoute | RawRoute;

/**
 * A REST route; the handler's `body` and `query` are typed by the given schemas, its result by the
 * documented `responses`.
 */
export function restRoute<
  R extends ResponseDocs,
  B extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
>(route: Omit<RestRoute<B, Q, R>, 'kind'>): RestRoute {
  return { ...route, kind: 'rest' };
}

export function rawRoute(route: Omit<RawRoute, 'kind'>): RawRoute {
  return { ...route, kind: 'raw' };
}

/** The path parameters of a `/:id` route: a memory or an episode id, with the length the tools allow. */
export const idParams = z.object({ id: idString });

export {
  accepted,
  created,
  ok,
  type HttpMethod,
  type ResponseDoc,
  type ResponseDocs,
} from '@kioku/operations';
