/**
 * Errors that only the HTTP edge knows (authentication, limits, confirmations, sessions). Domain
 * failures stay `AppError`s; `to-problem.ts` maps both to problem JSON in one place. Messages are
 * written here, never copied from a request, so they are safe to return.
 */
export const GATEWAY_ERROR_CODES = [
  'UNAUTHORIZED',
  'FORBIDDEN',
  'RATE_LIMITED',
  'TOO_MANY_IN_FLIGHT',
  'REQUEST_TIMEOUT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'MALFORMED_REQUEST',
  'ROUTE_NOT_FOUND',
  'CONFIRMATION_INVALID',
  'CONFIRMATION_EXPIRED',
  'SHUTTING_DOWN',
] as const;

export type GatewayErrorCode = (typeof GATEWAY_ERROR_CODES)[number];

export class GatewayError extends Error {
  override readonly name = 'GatewayError';

  constructor(
    readonly code: GatewayErrorCode,
    message: string,
    /** Response headers that belong to the error (WWW-Authenticate, Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
