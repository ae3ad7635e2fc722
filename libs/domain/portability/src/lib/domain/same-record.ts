/**
 * Whether a record in the file and the one already in the namespace are the same: deep equality of
 * their JSON shapes, keys in any order, numbers equal to 1e-6 (a backend may keep metadata numbers
 * in single precision), absent and undefined alike. Decides "unchanged" against "conflict".
 */
const TOLERANCE = 1e-6;

export function sameRecord(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') {
    return Math.abs(a - b) <= TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameRecord(x, b[i]))
    );
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ao = a as Record<string, unknown>;
    const bo = b as Record<string, unknown>;
    const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
    return [...keys].every((key) => sameRecord(ao[key], bo[key]));
  }
  return a === b;
}
