/**
 * Translates the portable Filter and TextFilter into Chroma's `where` and `whereDocument`.
 *
 * Chroma differs from the port's reference semantics (`matchesFilter`) in ways this module absorbs:
 * - `$and`/`$or` need at least two children: single children are unwrapped, empty ones become
 *   "everything" / "nothing", which the adapter answers without a request where it can.
 * - `$in`/`$nin` lists must hold values of one JSON type (an int next to a float is rejected), so
 *   mixed lists are split by type and joined with `$or` / `$and`.
 * - `$ne`/`$nin` also match records that lack the field (changed in Chroma 0.5.12, see
 *   https://github.com/chroma-core/chroma/issues/4316), while the port requires the field to be
 *   present. Chroma 1.0 has no `$exists`, so such filters are marked inexact: the server returns a
 *   superset (the port's filters have no negation, so every other operator stays monotone) and the
 *   adapter re-checks each record with `matchesFilter`.
 * Numeric comparisons are exact only because the adapter stores every number as a float (see
 * `chroma-json.ts`).
 */
import type { FieldCondition, Filter, MetadataValue, TextFilter } from '@kioku/vector-store';

type ChromaWhere = Record<string, unknown>;
type ChromaWhereDocument = Record<string, unknown>;

export type TranslatedFilter =
  /** No server-side condition; `exact` false means records must still be re-checked. */
  | { kind: 'all'; exact: boolean }
  /** Nothing can match: the adapter answers without asking the server. */
  | { kind: 'none' }
  | { kind: 'where'; where: ChromaWhere; exact: boolean };

export function translateFilter(filter: Filter | undefined): TranslatedFilter {
  if (filter === undefined) return { kind: 'all', exact: true };
  if ('and' in filter) return combineAnd(filter.and.map(translateFilter));
  if ('or' in filter) return combineOr(filter.or.map(translateFilter));
  return translateCondition(filter);
}

/** `none` when the text filter can match nothing (an empty `containsAny`). */
export type TranslatedText =
  { kind: 'all' } | { kind: 'none' } | { kind: 'where'; whereDocument: ChromaWhereDocument };

export function translateText(text: TextFilter | undefined): TranslatedText {
  if (text === undefined) return { kind: 'all' };
  const needles = [...new Set(text.containsAny)];
  if (needles.length === 0) return { kind: 'none' };
  if (needles.length === 1) return { kind: 'where', whereDocument: { $contains: needles[0] } };
  return { kind: 'where', whereDocument: { $or: needles.map((needle) => ({ $contains: needle })) } };
}

function translateCondition(condition: FieldCondition): TranslatedFilter {
  const { field } = condition;
  switch (condition.op) {
    case 'eq':
      return where({ [field]: { $eq: condition.value } }, true);
    case 'ne':
      return where({ [field]: { $ne: condition.value } }, false);
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return where({ [field]: { [`$${condition.op}`]: condition.value } }, true);
    case 'in': {
      const groups = groupByJsonType(condition.values);
      if (groups.length === 0) return { kind: 'none' };
      return combineOr(groups.map((values) => where({ [field]: { $in: values } }, true)));
    }
    case 'nin': {
      const groups = groupByJsonType(condition.values);
      if (groups.length === 0) return { kind: 'all', exact: false };
      return combineAnd(groups.map((values) => where({ [field]: { $nin: values } }, false)));
    }
  }
}

function where(clause: ChromaWhere, exact: boolean): TranslatedFilter {
  return { kind: 'where', where: clause, exact };
}

function combineAnd(parts: TranslatedFilter[]): TranslatedFilter {
  if (parts.some((part) => part.kind === 'none')) return { kind: 'none' };
  const exact = parts.every((part) => part.kind === 'none' || part.exact);
  const clauses = parts.flatMap((part) => (part.kind === 'where' ? [part.where] : []));
  if (clauses.length === 0) return { kind: 'all', exact };
  if (clauses.length === 1) return { kind: 'where', where: clauses[0], exact };
  return { kind: 'where', where: { $and: clauses }, exact };
}

function combineOr(parts: TranslatedFilter[]): TranslatedFilter {
  const live = parts.filter(
    (part): part is Exclude<TranslatedFilter, { kind: 'none' }> => part.kind !== 'none',
  );
  if (live.length === 0) return { kind: 'none' };
  const exact = live.every((part) => part.exact);
  if (live.some((part) => part.kind === 'all')) return { kind: 'all', exact };
  const clauses = live.map((part) => (part as { where: ChromaWhere }).where);
  if (clauses.length === 1) return { kind: 'where', where: clauses[0], exact };
  return { kind: 'where', where: { $or: clauses }, exact };
}

/** Splits values into lists of one JSON type: strings, booleans, integral numbers, other numbers. */
function groupByJsonType(values: MetadataValue[]): MetadataValue[][] {
  const groups = new Map<string, MetadataValue[]>();
  for (const value of new Set(values)) {
    const type = typeof value === 'number' ? (Number.isInteger(value) ? 'int' : 'float') : typeof value;
    const group = groups.get(type);
    if (group) group.push(value);
    else groups.set(type, [value]);
  }
  return [...groups.values()];
}
