/**
 * Translates the portable Filter and TextFilter into a Qdrant filter (`must` / `should` / `must_not`).
 *
 * The translation is exact for the port's reference semantics (`matchesFilter`), so `count` and
 * `deleteWhere` run entirely on the server. How each operator maps, given Qdrant's condition checks
 * (lib/segment/src/payload_storage/condition_checker.rs: a value of another JSON type never matches):
 * - `eq` on a string or boolean → `match.value`. On a number → `range {gte: v, lte: v}`: `match.value`
 *   accepts only integers (2.5 would be rejected) and compares with `as_i64`, while `range` compares any
 *   JSON number as f64 and is served by the adapter's `float` payload indexes.
 * - `gt`/`gte`/`lt`/`lte` → `range` (never matches strings or booleans, as in `matchesFilter`).
 * - `in` → strings in one `match.any`; booleans and numbers as one condition each; OR-ed with `should`.
 *   An empty list matches nothing.
 * - `ne`/`nin` must match only records that HAVE the field. Qdrant's `must_not` alone would also match
 *   records without it, so both become `must_not: [{is_empty: key}, …the values]`: "not missing and not
 *   any of the values". (`match.except` is not used: it takes only strings or integers, and it matches
 *   values of other types, e.g. `except: ["a"]` matches `true`.)
 * - `and` → `must`, `or` → `should`; an empty `and` matches everything, an empty `or` nothing. Qdrant
 *   treats an empty `should` as "no condition", so "nothing" is never sent: the adapter answers it.
 * - Non-finite numbers cannot be sent as JSON and are rejected as invalid input.
 *
 * Keys: Qdrant reads a filter key as a JSON path (`a.b` = nested field `b` of `a`). A metadata key that
 * is not a plain `[A-Za-z0-9_-]+` name is written as a quoted segment (`"a.b"`), which Qdrant's path
 * parser (lib/segment/src/json_path/parse.rs) reads as one key. Quoted segments have no escapes, which
 * is why the payload codec stores keys containing `"` or `\` under an encoded name.
 *
 * Text (`containsAny`): one `match.text` condition per needle on `_kioku_document`, OR-ed with
 * `should`. The collection deliberately has NO full-text index on that field: without one, Qdrant checks
 * `match.text` as an exact, case-sensitive substring (`stored.contains(text)` in the condition checker),
 * which is precisely the port's semantics. Every full-text tokenizer (`word`, `whitespace`, `prefix`,
 * `multilingual`) would miss needles that cut through a token — `ラー` inside the word `ラーメン`,
 * `INC-44` inside `inc-4471` — and lower-casing would break case sensitivity. The cost is a payload scan
 * of the points the other conditions leave, acceptable at kioku's collection sizes; the adapter still
 * re-checks text matches locally (`matchesText`) as a guard against an index someone added by hand.
 */
import { AppError } from '@kioku/kernel';
import type { FieldCondition, Filter, MetadataValue, TextFilter } from '@kioku/vector-store';
import { DOCUMENT_KEY, payloadKeyOf } from './qdrant-payload.codec';

interface QdrantRange {
  gt?: number;
  gte?: number;
  lt?: number;
  lte?: number;
}

type QdrantMatch = { value: string | number | boolean } | { any: string[] } | { text: string };

interface QdrantFieldCondition {
  key: string;
  match?: QdrantMatch;
  range?: QdrantRange;
}

interface QdrantIsEmptyCondition {
  is_empty: { key: string };
}

export type QdrantCondition = QdrantFieldCondition | QdrantIsEmptyCondition | QdrantFilter;

export interface QdrantFilter {
  must?: QdrantCondition[];
  should?: QdrantCondition[];
  must_not?: QdrantCondition[];
}

/** `all`: no condition (every record); `none`: nothing can match (the adapter skips the request). */
export type TranslatedFilter = { kind: 'all' } | { kind: 'none' } | { kind: 'filter'; filter: QdrantFilter };

type Node = { kind: 'all' } | { kind: 'none' } | { kind: 'condition'; condition: QdrantCondition };

/** The Qdrant filter for a metadata filter and a text filter together (AND). */
export function translateFilters(filter: Filter | undefined, text?: TextFilter): TranslatedFilter {
  return toTranslated(andOf([filter === undefined ? ALL : translateNode(filter), translateTextNode(text)]));
}

/** The Qdrant filter for a metadata filter alone. */
export function translateFilter(filter: Filter | undefined): TranslatedFilter {
  return translateFilters(filter, undefined);
}

/** The Qdrant filter for a text filter alone. */
export function translateText(text: TextFilter | undefined): TranslatedFilter {
  return translateFilters(undefined, text);
}

/** The filter-key form of a metadata key: a plain name, or one quoted JSON-path segment. */
export function filterKeyOf(metadataKey: string): string {
  const stored = payloadKeyOf(metadataKey);
  return /^[A-Za-z0-9_-]+$/.test(stored) ? stored : `"${stored}"`;
}

/** The port's text semantics, applied locally: the document contains one of the needles. */
export function matchesText(text: TextFilter | undefined, document: string): boolean {
  return text === undefined || text.containsAny.some((needle) => document.includes(needle));
}

/** The filter to send, or undefined for "everything" (a `none` result is answered without a request). */
export function filterOf(translated: TranslatedFilter): QdrantFilter | undefined {
  return translated.kind === 'filter' ? translated.filter : undefined;
}

const ALL: Node = { kind: 'all' };
const NONE: Node = { kind: 'none' };

function translateNode(filter: Filter): Node {
  if ('and' in filter) return andOf(filter.and.map(translateNode));
  if ('or' in filter) return orOf(filter.or.map(translateNode));
  return translateCondition(filter);
}

function translateCondition(condition: FieldCondition): Node {
  const key = filterKeyOf(condition.field);
  switch (condition.op) {
    case 'eq':
      return leaf(valueCondition(key, condition.value));
    case 'ne':
      return leaf({ must_not: [isEmpty(key), valueCondition(key, condition.value)] });
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return leaf({ key, range: { [condition.op]: finite(condition.value) } });
    case 'in': {
      const conditions = valueConditions(key, condition.values);
      return conditions.length === 0 ? NONE : orOf(conditions.map(leaf));
    }
    case 'nin':
      return leaf({ must_not: [isEmpty(key), ...valueConditions(key, condition.values)] });
  }
}

function translateTextNode(text: TextFilter | undefined): Node {
  if (text === undefined) return ALL;
  const needles = [...new Set(text.containsAny)];
  if (needles.includes('')) return ALL;
  return orOf(needles.map((needle) => leaf({ key: DOCUMENT_KEY, match: { text: needle } })));
}

/** Conditions that together ("any of") match the field having one of the values. */
function valueConditions(key: string, values: MetadataValue[]): QdrantCondition[] {
  const strings: string[] = [];
  const others: MetadataValue[] = [];
  for (const value of new Set(values)) {
    if (typeof value === 'string') strings.push(value);
    else others.push(value);
  }
  const conditions: QdrantCondition[] = [];
  if (strings.length === 1) conditions.push({ key, match: { value: strings[0] } });
  if (strings.length > 1) conditions.push({ key, match: { any: strings } });
  for (const value of others) conditions.push(valueCondition(key, value));
  return conditions;
}

function valueCondition(key: string, value: MetadataValue): QdrantFieldCondition {
  if (typeof value === 'number') {
    const bound = finite(value);
    return { key, range: { gte: bound, lte: bound } };
  }
  return { key, match: { value } };
}

function isEmpty(key: string): QdrantIsEmptyCondition {
  return { is_empty: { key } };
}

function finite(value: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw AppError.invalidInput('Filter values must be finite numbers, strings or booleans.');
  }
  return value;
}

function leaf(condition: QdrantCondition): Node {
  return { kind: 'condition', condition };
}

function andOf(parts: Node[]): Node {
  if (parts.some((part) => part.kind === 'none')) return NONE;
  const conditions = parts.flatMap((part) => (part.kind === 'condition' ? [part.condition] : []));
  if (conditions.length === 0) return ALL;
  if (conditions.length === 1) return leaf(conditions[0]);
  // Children that are plain `must` filters are spliced in: the body stays flat and reads like the input.
  return leaf({ must: conditions.flatMap((c) => (isMustOnly(c) ? c.must : [c])) });
}

function orOf(parts: Node[]): Node {
  if (parts.some((part) => part.kind === 'all')) return ALL;
  const conditions = parts.flatMap((part) => (part.kind === 'condition' ? [part.condition] : []));
  if (conditions.length === 0) return NONE;
  if (conditions.length === 1) return leaf(conditions[0]);
  return leaf({ should: conditions.flatMap((c) => (isShouldOnly(c) ? c.should : [c])) });
}

function toTranslated(node: Node): TranslatedFilter {
  switch (node.kind) {
    case 'all':
    case 'none':
      return node;
    case 'condition': {
      const { condition } = node;
      return { kind: 'filter', filter: isFilter(condition) ? condition : { must: [condition] } };
    }
  }
}

function isFilter(condition: QdrantCondition): condition is QdrantFilter {
  return 'must' in condition || 'should' in condition || 'must_not' in condition;
}

function isMustOnly(condition: QdrantCondition): condition is { must: QdrantCondition[] } {
  return isFilter(condition) && Object.keys(condition).length === 1 && Array.isArray(condition.must);
}

function isShouldOnly(condition: QdrantCondition): condition is { should: QdrantCondition[] } {
  return isFilter(condition) && Object.keys(condition).length === 1 && Array.isArray(condition.should);
}
