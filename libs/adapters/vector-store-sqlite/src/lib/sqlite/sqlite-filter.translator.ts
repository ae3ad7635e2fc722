/**
 * Translates the portable filter into a SQL condition over the metadata JSON that the SQLite lexical
 * index keeps per document, with the semantics of `matchesFilter`: values match only values of the
 * same type, and a record without the field matches no comparison (`ne` and `nin` included). Values
 * and JSON paths are bound parameters, never spliced into the SQL.
 */
import type { Filter, MetadataValue } from '@kioku/vector-store';
import { IN_LIST, jsonList } from './json-list';

export interface SqlCondition {
  sql: string;
  params: (string | number)[];
}

export function filterToSql(filter: Filter, column: string): SqlCondition {
  if ('and' in filter) return combine(filter.and, ' AND ', '1', column);
  if ('or' in filter) return combine(filter.or, ' OR ', '0', column);
  const path = jsonPath(filter.field);
  switch (filter.op) {
    case 'eq':
      return equals(column, path, filter.value);
    case 'in':
      return anyOf(column, path, filter.values);
    case 'ne':
      return present(column, path, negate(equals(column, path, filter.value)));
    case 'nin':
      return present(column, path, negate(anyOf(column, path, filter.values)));
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const operator = { gt: '>', gte: '>=', lt: '<', lte: '<=' }[filter.op];
      return {
        sql: `(json_type(${column}, ?) IN ('integer', 'real') AND json_extract(${column}, ?) ${operator} ?)`,
        params: [path, path, filter.value],
      };
    }
  }
}

function combine(filters: Filter[], joiner: string, empty: string, column: string): SqlCondition {
  if (filters.length === 0) return { sql: empty, params: [] };
  const parts = filters.map((f) => filterToSql(f, column));
  return { sql: `(${parts.map((p) => p.sql).join(joiner)})`, params: parts.flatMap((p) => p.params) };
}

function equals(column: string, path: string, value: MetadataValue): SqlCondition {
  if (typeof value === 'boolean')
    return { sql: `json_type(${column}, ?) = ?`, params: [path, String(value)] };
  const types = typeof value === 'number' ? `('integer', 'real')` : `('text')`;
  return {
    sql: `(json_type(${column}, ?) IN ${types} AND json_extract(${column}, ?) = ?)`,
    params: [path, path, value],
  };
}

/**
 * One of the values, type for type. The values go in as one JSON array per type (`json_each`), so a
 * filter of thousands of values is a few bound parameters and a shallow expression: an OR per value
 * passed SQLite's expression depth limit (1,000) and, with three parameters each, its parameter limit.
 */
function anyOf(column: string, path: string, values: MetadataValue[]): SqlCondition {
  const strings = values.filter((v): v is string => typeof v === 'string');
  const numbers = values.filter((v): v is number => typeof v === 'number');
  const booleans = [...new Set(values.filter((v) => typeof v === 'boolean'))];
  const parts: SqlCondition[] = [];
  const typed = (types: string, list: (string | number)[]) => ({
    sql: `(json_type(${column}, ?) IN ${types} AND json_extract(${column}, ?) IN ${IN_LIST})`,
    params: [path, path, jsonList(list)],
  });
  if (strings.length > 0) parts.push(typed(`('text')`, strings));
  if (numbers.length > 0) parts.push(typed(`('integer', 'real')`, numbers));
  for (const value of booleans) parts.push(equals(column, path, value));
  if (parts.length === 0) return { sql: '0', params: [] };
  return { sql: `(${parts.map((p) => p.sql).join(' OR ')})`, params: parts.flatMap((p) => p.params) };
}

function present(column: string, path: string, condition: SqlCondition): SqlCondition {
  return {
    sql: `(json_type(${column}, ?) IS NOT NULL AND ${condition.sql})`,
    params: [path, ...condition.params],
  };
}

function negate(condition: SqlCondition): SqlCondition {
  return { sql: `NOT ${condition.sql}`, params: condition.params };
}

/** `$."<key>"` with quotes and backslashes escaped, so any metadata key is one path step. */
function jsonPath(key: string): string {
  return `$."${key.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}
