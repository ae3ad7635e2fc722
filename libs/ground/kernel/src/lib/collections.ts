/** Small helpers for working through lists and waiting, shared by the adapters. */

/** `items` cut into consecutive slices of at most `size` (the last one may be shorter). */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  positiveInteger(size, 'size');
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** Resolves after `ms` milliseconds (through the global timers, so Jest's fake timers control it). */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * `value` when it is a whole number ≥ 1. Otherwise throws what `invalid` builds from the message
 * `<name> must be a positive integer, got <value>` (a RangeError unless the caller, e.g. an adapter
 * checking its options, wants its own error).
 */
export function positiveInteger(
  value: number,
  name: string,
  invalid: (message: string) => Error = (message) => new RangeError(message),
): number {
  if (!Number.isInteger(value) || value < 1)
    throw invalid(`${name} must be a positive integer, got ${value}`);
  return value;
}
