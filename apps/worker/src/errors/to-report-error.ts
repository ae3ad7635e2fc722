/**
 * Maps any error to a report's `error` field: a stable code and a safe message. AppError messages are
 * safe by construction (no private content, no credentials); anything else becomes `INTERNAL`, its
 * message left out because it may quote data. The full error still reaches the redacting log.
 */
import { toAppError } from '@kioku/kernel';
import { LeaseLostError } from '@kioku/shared-state-store';

export const LEASE_LOST = {
  code: 'LEASE_LOST',
  message:
    'The lease on this job was lost (it ran out or another worker took the job over); the run stopped before its next write.',
} as const;

export function toReportError(error: unknown): { code: string; message: string } {
  if (error instanceof LeaseLostError) return { ...LEASE_LOST };
  const appError = toAppError(error);
  return { code: appError.code, message: appError.message };
}
