/**
 * A refused confirmation of a two-step delete: the token is unknown, used, for another memory, for
 * another key, or expired. Nothing was deleted. Messages are fixed here, never copied from a request.
 */
export type ConfirmationErrorCode = 'CONFIRMATION_INVALID' | 'CONFIRMATION_EXPIRED' | 'FORBIDDEN';

export class ConfirmationError extends Error {
  override readonly name = 'ConfirmationError';

  constructor(
    readonly code: ConfirmationErrorCode,
    message: string,
  ) {
    super(message);
  }
}
