/**
 * What one operation is, declared once: its id, input schema, use case and presenter, what an MCP
 * client is told about it (title, description, the four annotation hints, the output schema), and
 * how it is served over REST (method, path, status codes). The MCP tools, the REST routes and the
 * OpenAPI document are generated from these entries by one small adapter per transport.
 *
 * Each entry lives in a folder of its own with its presenter (`<operation>/<operation>.operation.ts`,
 * `<operation>.presenter.ts`). The entries import the domain libraries' pure `schemas` entry points only;
 * `run` loads its library on the first call, so that an MCP server lists its tools before loading it.
 */
import type { Container } from 'inversify';
import type { z } from 'zod';
import type { CallContext } from '@kioku/call-context';
import type { OperationProblem, ResponseDocs, RouteDocs, RouteResult } from './http-responses';
import type { ClientAbilities } from './person/client-abilities';

/** The four hints every MCP tool carries, so that clients can show and gate it. */
interface OperationHints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** Writes that add and change nothing outside kioku; an operation adds whether it destroys or repeats. */
export const WRITE_HINTS: OperationHints = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
};

/** The OpenAPI tags of the operations' routes. */
export type OperationTag = 'memories' | 'forgetting' | 'episodes' | 'consolidation';

/** A REST call of an operation: its input (read from path, body and fixed fields), validated. */
export interface RestCall {
  input: RouteInput;
  /** The query parameters the route's `query` schema read. */
  query: Record<string, unknown>;
  /** A request header, trimmed; undefined when absent or empty. */
  header(name: string): string | undefined;
  /** The key the call was authenticated with and the namespace it is bound to. */
  caller: { keyId: string; namespace: string };
  context: CallContext;
  container: Container;
}

/** The input a route hands its use case; its fields are the operation's input schema's (checked when served). */
type RouteInput = Record<string, unknown>;

/**
 * How an operation is served over REST (an operation may have several routes: forget has four): the
 * route's documentation, in the vocabulary every REST route shares (`RouteDocs`), and how its input is
 * read and its result answered. Its OpenAPI summary and description follow the operation's title and
 * description; its path parameters fill the input fields `pathArguments` names.
 */
export interface HttpRoute<R = unknown, Rs extends ResponseDocs = ResponseDocs> extends RouteDocs<Rs> {
  /** The OpenAPI operationId and the metrics' `operation` label (default: the operation's id). */
  operationId?: string;
  tag: OperationTag;
  /** Input fields the route fixes instead of reading them (`sweep: true`). */
  fixed?: RouteInput;
  /**
   * The request body: by default the input fields that neither the path nor `fixed` fill, on POST
   * and PATCH; `null` for none; a narrower schema of the input's fields.
   */
  body?: z.ZodObject | null;
  /** Problems this route may answer with besides the ones every route shares. */
  problems?: OperationProblem[];
  /** Maps the use case's result to a documented response (or throws an `AppError`: a problem). */
  respond?(result: R, input: RouteInput): RouteResult<Rs>;
  /** Serves the call itself instead of running the use case once (the two-step delete). */
  handle?(call: RestCall): Promise<RouteResult<Rs>>;
}

export interface Operation<I extends z.ZodObject = z.ZodObject, R = unknown> {
  /** The MCP tool name; the REST operationId unless a route names its own. */
  id: string;
  title: string;
  description: string;
  hints: OperationHints;
  input: I;
  /**
   * The schema of the structured view (`structured`): a strict object, or a discriminated union of
   * them when the result has variants. The MCP `outputSchema` is derived from it (`toolOutputSchema`),
   * a REST status answers some of its variants (`variant`).
   */
  output: z.ZodType;
  /** Runs the use case (loading its library on the first call). */
  run(container: Container, input: z.output<I>, context: CallContext): Promise<R>;
  /**
   * Runs it for a client that can ask its person (MCP elicitation: a delete waits for their yes) or
   * lend its model (MCP sampling: a summary drafted on request). Without it, `run` serves every caller.
   */
  runWithClient?(
    container: Container,
    input: z.output<I>,
    context: CallContext,
    client: ClientAbilities,
  ): Promise<R>;
  /** The text an agent reads. */
  text(result: R, now: Date): string;
  /** The structured view: MCP structured content and the REST body. */
  structured(result: R): Record<string, unknown>;
  http: HttpRoute<R>[];
}

/**
 * A route of an operation, its result and response types checked against each other; the table holds
 * it with any documented response (what it answers is still one of its own). A copy, compared field by
 * field: `HttpRoute` as a whole is invariant in its responses.
 */
export function httpRoute<R, Rs extends ResponseDocs>(route: HttpRoute<R, Rs>): HttpRoute<R> {
  return { ...route };
}

/** An operation, its input, result and routes checked against each other; the table holds them untyped. */
export function defineOperation<I extends z.ZodObject, R>(operation: Operation<I, R>): Operation {
  return operation;
}
