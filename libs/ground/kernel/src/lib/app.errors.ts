/**
 * The one error type that crosses layers. `code` is stable and machine-readable; `message` is safe to
 * show to a caller (never content of private memories, stack traces or credentials); `details` holds
 * safe structured facts. Edges (MCP, HTTP, worker) map it to their own form in one place each.
 */
export const ERROR_CODES = [
  'INVALID_INPUT',
  'MEMORY_NOT_FOUND',
  'EPISODE_NOT_FOUND',
  'LINK_EXISTS',
  'CONFLICT',
  'STORE_UNAVAILABLE',
  'EMBEDDING_UNAVAILABLE',
  /** The server is at capacity (a bounded queue is full): retry after `details.retryAfterSeconds`. */
  'BUSY',
  'MODEL_MISMATCH',
  'CONFIG_INVALID',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export type SafeDetails = Record<string, string | number | boolean | null | string[]>;

export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { cause?: unknown; details?: SafeDetails } = {},
  ) {
    super(message, { cause: options.cause });
    this.details = options.details ?? {};
  }

  readonly details: SafeDetails;

  static invalidInput(message: string, details?: SafeDetails): AppError {
    return new AppError('INVALID_INPUT', message, { details });
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** Wraps anything thrown into an AppError without copying its (possibly sensitive) message. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  return new AppError('INTERNAL', 'Internal error.', { cause: error });
}
