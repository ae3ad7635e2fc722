/**
 * The one place where anything thrown at the HTTP edge becomes an RFC 9457 problem
 * (`application/problem+json`: type, title, status, detail, code). Domain `AppError`s keep their
 * stable code and safe message; gateway errors carry their own; Fastify's errors (body too large,
 * bad JSON, unsupported media type, validation) get fixed texts, since their messages may quote the
 * request. Anything else is `INTERNAL` with a fixed text: never a stack trace, a URL with
 * credentials or private content.
 */
import { isAppError, type ErrorCode, type SafeDetails } from '@kioku/kernel';
import { ConfirmationError } from '@kioku/operations';
import { GatewayError, type GatewayErrorCode } from './gateway.errors';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ProblemCode;
}

export type ProblemCode = ErrorCode | GatewayErrorCode;

export interface ProblemResponse {
  status: number;
  headers: Record<string, string>;
  body: Problem;
}

const STATUS_AND_TITLE: Record<ProblemCode, [number, string]> = {
  INVALID_INPUT: [422, 'Invalid input'],
  MEMORY_NOT_FOUND: [404, 'Memory not found'],
  EPISODE_NOT_FOUND: [404, 'Episode not found'],
  LINK_EXISTS: [409, 'Link already exists'],
  CONFLICT: [409, 'Conflict'],
  STORE_UNAVAILABLE: [503, 'Store unavailable'],
  EMBEDDING_UNAVAILABLE: [503, 'Embedding provider unavailable'],
  BUSY: [503, 'Server busy'],
  MODEL_MISMATCH: [500, 'Embedding model mismatch'],
  CONFIG_INVALID: [500, 'Server misconfigured'],
  INTERNAL: [500, 'Internal error'],
  UNAUTHORIZED: [401, 'Unauthorized'],
  FORBIDDEN: [403, 'Forbidden'],
  RATE_LIMITED: [429, 'Too many requests'],
  TOO_MANY_IN_FLIGHT: [429, 'Too many concurrent requests'],
  REQUEST_TIMEOUT: [503, 'Request timed out'],
  PAYLOAD_TOO_LARGE: [413, 'Request body too large'],
  UNSUPPORTED_MEDIA_TYPE: [415, 'Unsupported media type'],
  MALFORMED_REQUEST: [400, 'Malformed request'],
  ROUTE_NOT_FOUND: [404, 'Not found'],
  CONFIRMATION_INVALID: [409, 'Confirmation token not valid'],
  CONFIRMATION_EXPIRED: [409, 'Confirmation token expired'],
  SHUTTING_DOWN: [503, 'Shutting down'],
};

/** Every problem code with its HTTP status (for the OpenAPI document). */
export function statusOfCode(code: ProblemCode): number {
  return STATUS_AND_TITLE[code][0];
}

export function toProblem(error: unknown): ProblemResponse {
  if (error instanceof GatewayError) return problem(error.code, error.message, error.headers);
  if (error instanceof ConfirmationError) return problem(error.code, error.message);
  if (isAppError(error)) {
    const detail = error.code === 'INTERNAL' ? 'Internal error.' : error.message;
    return problem(error.code, detail, retryAfterHeader(error.details));
  }
  const fastifyProblem = fromFastifyError(error);
  if (fastifyProblem) return fastifyProblem;
  return problem('INTERNAL', 'Internal error.');
}

/** Whether the error is one the server should log as its own failure (5xx); shedding load is not. */
export function isServerFault(response: ProblemResponse): boolean {
  return response.status >= 500 && response.body.code !== 'SHUTTING_DOWN' && response.body.code !== 'BUSY';
}

export function problem(
  code: ProblemCode,
  detail: string,
  headers: Record<string, string> = {},
): ProblemResponse {
  const [status, title] = STATUS_AND_TITLE[code];
  return {
    status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, ...headers },
    body: { type: problemType(code), title, status, detail, code },
  };
}

export function problemType(code: ProblemCode): string {
  return `urn:kioku:problem:${code.toLowerCase().replace(/_/g, '-')}`;
}

/** A busy server says when to come back (RFC 9110 §10.2.3), from the error's safe details. */
function retryAfterHeader(details: SafeDetails): Record<string, string> {
  const seconds = details['retryAfterSeconds'];
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? { 'retry-after': String(Math.ceil(seconds)) }
    : {};
}

function fromFastifyError(error: unknown): ProblemResponse | null {
  if (!error || typeof error !== 'object') return null;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return problem('PAYLOAD_TOO_LARGE', 'The request body exceeds the size limit.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return problem('UNSUPPORTED_MEDIA_TYPE', 'Send JSON with Content-Type: application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return problem('MALFORMED_REQUEST', 'The body is empty although Content-Type is application/json.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return problem('MALFORMED_REQUEST', 'The body is not valid JSON.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return problem('MALFORMED_REQUEST', 'Content-Length does not match the body.');
    case 'FST_ERR_VALIDATION':
      return problem('INVALID_INPUT', 'The request does not match the schema.');
    case 'FST_ERR_BAD_URL':
      return problem('MALFORMED_REQUEST', 'The URL is malformed.');
    default:
      if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
        const generic = problem('MALFORMED_REQUEST', 'The request cannot be processed.');
        return { ...generic, status: statusCode, body: { ...generic.body, status: statusCode } };
      }
      return null;
  }
}
