/**
 * What a REST route documents about its answers and the typed results its handler returns. A
 * handler's result is typed by the route's documented responses: for each status, a body of that
 * status's schema (`RouteResult<R>`), so a route cannot answer a status or a body its OpenAPI entry
 * does not describe without a compile error.
 */
import type { z } from 'zod';
import type { ErrorCode } from '@kioku/kernel';
import type { ConfirmationErrorCode } from './confirmations/confirmation.errors';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface ResponseDoc<S extends z.ZodType = z.ZodType> {
  description: string;
  /** Body schema (JSON), or a fixed media type for non-JSON bodies. */
  schema?: S;
  mediaType?: string;
}

/** The documented responses of a route, by status. */
export type ResponseDocs = Record<number, ResponseDoc>;

interface HeaderDoc {
  name: string;
  description: string;
}

/** A problem an operation's route may answer with besides the ones every route shares. */
export type OperationProblem = ErrorCode | ConfirmationErrorCode;

/**
 * What every REST route documents, the table's routes (`HttpRoute`) and the gateway's own alike: one
 * vocabulary, which the REST adapter (`@kioku/rest-routes`) serves and writes into the OpenAPI document.
 */
export interface RouteDocs<Rs extends ResponseDocs = ResponseDocs> {
  method: HttpMethod;
  /** Fastify path template: `/v1/memories/:id`. */
  path: string;
  /** The OpenAPI summary (a table's route: what it does, after the operation's title). */
  summary?: string;
  /** The OpenAPI description (a table's route: what a REST caller reads after the operation's). */
  description?: string;
  /** The input field (the MCP tool argument) each path parameter fills: `{ id: 'memory_id' }`. */
  pathArguments?: Record<string, string>;
  query?: z.ZodType;
  headers?: HeaderDoc[];
  responses: Rs;
}

/**
 * The body a documented response carries: its schema's output, nothing without a schema, and
 * anything for a response of no known schema (a route whose responses are not known here).
 */
type BodyOf<D> = D extends { schema: infer S extends z.ZodType }
  ? z.output<S>
  : D extends { schema?: undefined }
    ? undefined
    : unknown;

/** One of the documented responses: its status and a body of that status's schema. */
export type RouteResult<R extends ResponseDocs = ResponseDocs> = {
  [S in keyof R & number]: { status: S; body: BodyOf<R[S]>; headers?: Record<string, string> };
}[keyof R & number];

export const ok = <T>(body: T) => ({ status: 200 as const, body });
export const created = <T>(body: T) => ({ status: 201 as const, body });
export const accepted = <T>(body: T) => ({ status: 202 as const, body });
