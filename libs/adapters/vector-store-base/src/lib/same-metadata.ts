import type { Metadata } from '@kioku/vector-store';

/**
 * The same keys and values, in any order (a writer's copy and a store's record order keys differently);
 * false when either is missing.
 */
export function sameMetadata(a: Metadata | undefined, b: Metadata | undefined): boolean {
  if (!a || !b) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && a[key] === b[key]);
}
