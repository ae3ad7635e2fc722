/**
 * Maps any error to a report's `error` field: a stable code and a safe message. AppError messages are
 * safe by construction (no private content, no credentials); anything else becomes `INTERNAL`, its
 * message left out because it may quote data. The full error still reaches the redacting log.
 */
import { toAppError } from '@kioku/kernel';

export function toReportError(error: unknown): { code: string; message: string } {
  const appError = toAppError(error);
  return { code: appError.code, message: appError.message };
}
