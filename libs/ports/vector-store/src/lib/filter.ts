/**
 * The portable metadata filter every adapter translates to its own query language. Field names are
 * metadata keys; values are flat scalars. A record that lacks the field never matches a comparison
 * (except `ne` and `nin`, which match only records that have the field with another value).
 */
export type MetadataValue = string | number | boolean;

export type Metadata = Record<string, MetadataValue>;

export type FieldCondition =
  | { field: string; op: 'eq' | 'ne'; value: MetadataValue }
  | { field: string; op: 'gt' | 'gte' | 'lt' | 'lte'; value: number }
  | { field: string; op: 'in' | 'nin'; values: MetadataValue[] };

export type Filter = FieldCondition | { and: Filter[] } | { or: Filter[] };

/**
 * A filter on the document text. `containsAny`: the document contains at least one of the given
 * substrings (exact, case-sensitive; callers normalise case before storing and querying).
 */
export interface TextFilter {
  containsAny: string[];
}

export const where = {
  eq: (field: string, value: MetadataValue): Filter => ({ field, op: 'eq', value }),
  ne: (field: string, value: MetadataValue): Filter => ({ field, op: 'ne', value }),
  gt: (field: string, value: number): Filter => ({ field, op: 'gt', value }),
  gte: (field: string, value: number): Filter => ({ field, op: 'gte', value }),
  lt: (field: string, value: number): Filter => ({ field, op: 'lt', value }),
  lte: (field: string, value: number): Filter => ({ field, op: 'lte', value }),
  in: (field: string, values: MetadataValue[]): Filter => ({ field, op: 'in', values }),
  nin: (field: string, values: MetadataValue[]): Filter => ({ field, op: 'nin', values }),
  and: (...filters: Filter[]): Filter => ({ and: filters }),
  or: (...filters: Filter[]): Filter => ({ or: filters }),
};

/** Combines optional filters with AND; undefined when none is given. */
export function allOf(...filters: (Filter | undefined)[]): Filter | undefined {
  const present = filters.filter((f): f is Filter => f !== undefined);
  if (present.length === 0) return undefined;
  if (present.length === 1) return present[0];
  return { and: present };
}

/** Evaluates a filter against one record's metadata (reference semantics for every adapter). */
export function matchesFilter(filter: Filter, metadata: Metadata): boolean {
  if ('and' in filter) return filter.and.every((f) => matchesFilter(f, metadata));
  if ('or' in filter) return filter.or.some((f) => matchesFilter(f, metadata));
  const actual = metadata[filter.field];
  if (actual === undefined) return false;
  switch (filter.op) {
    case 'eq':
      return actual === filter.value;
    case 'ne':
      return actual !== filter.value;
    case 'gt':
      return typeof actual === 'number' && actual > filter.value;
    case 'gte':
      return typeof actual === 'number' && actual >= filter.value;
    case 'lt':
      return typeof actual === 'number' && actual < filter.value;
    case 'lte':
      return typeof actual === 'number' && actual <= filter.value;
    case 'in':
      return filter.values.includes(actual);
    case 'nin':
      return !filter.values.includes(actual);
  }
}
