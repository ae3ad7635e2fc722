/**
 * The SQL condition on the `records` table (alias `r`) that a portable filter and a text filter make,
 * with the semantics of `matchesFilter`. Where part of the filter is `eq`/`in` on the collection's
 * indexed keys, the condition also names the ids those keys hold (`record_keys`), which SQLite reads
 * first instead of every record's metadata; the whole filter is still checked on the records found.
 */
import type { Filter, TextFilter } from '@kioku/vector-store';
import { keyLookupFor, type KeyLookup } from '@kioku/vector-store-base';
import { filterToSql, type SqlCondition } from '../sqlite/sqlite-filter.translator';

export function recordCondition(
  collection: number,
  filter: Filter | undefined,
  text: TextFilter | undefined,
  indexedKeys: readonly string[],
): SqlCondition {
  const parts: SqlCondition[] = [];
  const ids = filter && keyedIds(collection, filter, indexedKeys);
  if (ids) parts.push({ sql: `r.id IN (${ids.sql})`, params: ids.params });
  if (filter) parts.push(filterToSql(filter, 'r.metadata'));
  if (text) parts.push(containsAny(text));
  return {
    sql: parts.length === 0 ? '1' : parts.map((p) => p.sql).join(' AND '),
    params: parts.flatMap((p) => p.params),
  };
}

/**
 * A SELECT of the ids the collection's indexed keys name for `filter` (a superset of its matches when
 * the filter also tests other keys), or undefined when no indexed key answers it.
 */
export function keyedIds(
  collection: number,
  filter: Filter,
  indexedKeys: readonly string[],
): SqlCondition | undefined {
  const lookup = indexedKeys.length > 0 ? keyLookupFor(filter, new Set(indexedKeys)) : undefined;
  return lookup && idsSql(collection, lookup);
}

/** The document contains one of the substrings (case-sensitive, as the port says). */
function containsAny(text: TextFilter): SqlCondition {
  if (text.containsAny.length === 0) return { sql: '0', params: [] };
  return {
    sql: `(${text.containsAny.map(() => 'instr(r.document, ?) > 0').join(' OR ')})`,
    params: text.containsAny,
  };
}

/**
 * A SELECT of the ids a key lookup yields (values kept as JSON, so 1, "1" and true stay apart; the list
 * is one JSON array, so thousands of values are one parameter).
 */
function idsSql(collection: number, lookup: KeyLookup): SqlCondition {
  if ('key' in lookup) {
    // CROSS JOIN keeps the values as the outer loop, so each is a seek of the key's primary key; with
    // `value IN (…)` SQLite, not knowing the list's length, read every entry of the collection.
    return {
      sql: `SELECT k.id FROM json_each(?) AS v CROSS JOIN record_keys AS k
              WHERE k.collection = ? AND k.key = ? AND k.value = v.value`,
      params: [JSON.stringify(lookup.values.map((value) => JSON.stringify(value))), collection, lookup.key],
    };
  }
  const parts = ('any' in lookup ? lookup.any : lookup.all).map((part) => idsSql(collection, part));
  // Each part in a subquery of its own: a compound SELECT has no parentheses to group with.
  return {
    sql: parts.map((p) => `SELECT id FROM (${p.sql})`).join('any' in lookup ? ' UNION ' : ' INTERSECT '),
    params: parts.flatMap((p) => p.params),
  };
}
