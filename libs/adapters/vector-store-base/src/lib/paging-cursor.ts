/**
 * The opaque `find` cursor every adapter hands out: the position after the last record of a page (an
 * id, an offset or a backend's page token), wrapped as base64url JSON so that callers cannot build one.
 */
import { AppError } from '@kioku/kernel';

/** A position in a collection, in the form the adapter pages by. */
export type PagePosition = string | number;

/** The cursor for the page that starts after `position`. */
export function encodeCursor(position: PagePosition): string {
  return Buffer.from(JSON.stringify({ after: position }), 'utf8').toString('base64url');
}

/**
 * The position inside a cursor from `encodeCursor`, when `isPosition` accepts it; INVALID_INPUT for
 * anything else (a cursor from another adapter, an edited or truncated one).
 */
export function decodeCursor<P extends PagePosition>(
  cursor: string,
  isPosition: (value: unknown) => value is P,
): P {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const after = (parsed as { after?: unknown } | null)?.after;
    if (isPosition(after)) return after;
  } catch {
    // not base64url JSON: the same answer as a wrong shape
  }
  throw AppError.invalidInput('The paging cursor is not valid.');
}

/** A position that is a whole number ≥ 0 (an offset, a numeric id). */
export function isOffset(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
