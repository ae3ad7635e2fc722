/**
 * Data sets shared by the vector-store contract suite: a small record set whose metadata exercises
 * every filter operator (ints next to non-integer floats, missing fields, booleans, look-alike strings),
 * documents for text filters, and helpers for vectors and unique collection names.
 */
import { randomBytes } from 'node:crypto';
import { where, type Filter, type Metadata, type VectorRecord } from '@kioku/vector-store';

/** A collection name that is valid for every backend (Chroma: 3–512 chars of `[a-zA-Z0-9._-]`). */
export function uniqueCollectionName(prefix = 'c'): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/** A deterministic pseudo-random vector (not normalised) for record `index`. */
export function vectorFor(index: number, dimension: number): number[] {
  let state = (index + 1) * 2654435761;
  const vector: number[] = [];
  for (let i = 0; i < dimension; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    vector.push(Math.round(((state / 2147483648) * 2 - 1) * 1000) / 1000);
  }
  return vector.some((x) => x !== 0) ? vector : vector.map((_, i) => (i === 0 ? 1 : 0));
}

export function record(id: string, vector: number[], metadata: Metadata = {}, document = ''): VectorRecord {
  return { id, vector, metadata, document };
}

/**
 * Seven records for filter tests (dimension 3). `n` mixes ints and non-integer floats (backends that
 * keep ints and floats apart must still compare them numerically); `r6` has no metadata at all.
 */
export const FILTER_RECORDS: VectorRecord[] = [
  record('r1', [1, 0, 0], { kind: 'note', n: 1, flag: true, lang: 'ja' }, 'first note'),
  record('r2', [0.9, 0.1, 0], { kind: 'note', n: 2, flag: false }, 'second note'),
  record('r3', [0, 1, 0], { kind: 'task', n: 3, flag: true, tag: '3' }, 'a task'),
  record('r4', [0, 0, 1], { kind: 'link', n: -2 }, 'a link'),
  record('r5', [0.5, 0.5, 0], { kind: 'task', n: 10, flag: false, lang: 'en' }, 'another task'),
  record('r6', [0.3, 0.3, 0.3], {}, 'no metadata'),
  record('r7', [0.1, 0.9, 0], { kind: 'note', n: 2.5 }, 'fractional note'),
];

export interface FilterCase {
  title: string;
  filter: Filter;
  expected: string[];
}

/** Expected ids follow the port's reference semantics (`matchesFilter`). */
export const FILTER_CASES: FilterCase[] = [
  { title: 'eq on a string', filter: where.eq('kind', 'note'), expected: ['r1', 'r2', 'r7'] },
  { title: 'eq on an int', filter: where.eq('n', 3), expected: ['r3'] },
  {
    title: 'eq on a non-integer float does not match the truncated int',
    filter: where.eq('n', 2.5),
    expected: ['r7'],
  },
  { title: 'eq on a boolean', filter: where.eq('flag', false), expected: ['r2', 'r5'] },
  { title: 'eq is type-strict (number vs string)', filter: where.eq('tag', 3), expected: [] },
  { title: 'eq on a string that looks like a number', filter: where.eq('tag', '3'), expected: ['r3'] },
  { title: 'eq on a field no record has', filter: where.eq('absent', 'x'), expected: [] },
  {
    title: 'ne skips records without the field',
    filter: where.ne('kind', 'note'),
    expected: ['r3', 'r4', 'r5'],
  },
  { title: 'ne on a boolean', filter: where.ne('flag', true), expected: ['r2', 'r5'] },
  {
    title: 'ne on a non-integer float',
    filter: where.ne('n', 2.5),
    expected: ['r1', 'r2', 'r3', 'r4', 'r5'],
  },
  { title: 'gt', filter: where.gt('n', 2), expected: ['r3', 'r5', 'r7'] },
  { title: 'gte with a non-integer bound', filter: where.gte('n', 2.5), expected: ['r3', 'r5', 'r7'] },
  { title: 'lt with a non-integer bound', filter: where.lt('n', 2.5), expected: ['r1', 'r2', 'r4'] },
  { title: 'lte', filter: where.lte('n', 2), expected: ['r1', 'r2', 'r4'] },
  {
    title: 'gt with a negative non-integer bound',
    filter: where.gt('n', -2.5),
    expected: ['r1', 'r2', 'r3', 'r4', 'r5', 'r7'],
  },
  { title: 'lt with a negative non-integer bound', filter: where.lt('n', -1.5), expected: ['r4'] },
  { title: 'in on strings', filter: where.in('kind', ['task', 'link']), expected: ['r3', 'r4', 'r5'] },
  { title: 'in on ints and floats together', filter: where.in('n', [1, 2.5]), expected: ['r1', 'r7'] },
  { title: 'in on mixed types', filter: where.in('tag', ['3', 3, true]), expected: ['r3'] },
  { title: 'in with no values', filter: where.in('kind', []), expected: [] },
  {
    title: 'nin skips records without the field',
    filter: where.nin('kind', ['note', 'link']),
    expected: ['r3', 'r5'],
  },
  { title: 'nin on a sparse field', filter: where.nin('lang', ['ja']), expected: ['r5'] },
  {
    title: 'nin with no values matches every record that has the field',
    filter: where.nin('lang', []),
    expected: ['r1', 'r5'],
  },
  {
    title: 'and',
    filter: where.and(where.eq('kind', 'note'), where.gt('n', 1)),
    expected: ['r2', 'r7'],
  },
  {
    title: 'or',
    filter: where.or(where.eq('kind', 'link'), where.eq('flag', true)),
    expected: ['r1', 'r3', 'r4'],
  },
  {
    title: 'and of or and ne',
    filter: where.and(where.or(where.eq('kind', 'task'), where.lt('n', 2)), where.ne('flag', true)),
    expected: ['r5'],
  },
  {
    title: 'or of ands',
    filter: where.or(
      where.and(where.eq('kind', 'note'), where.eq('flag', true)),
      where.and(where.eq('kind', 'task'), where.gte('n', 10)),
    ),
    expected: ['r1', 'r5'],
  },
  { title: 'and with one child', filter: where.and(where.eq('kind', 'link')), expected: ['r4'] },
  { title: 'or with one child', filter: where.or(where.eq('n', 10)), expected: ['r5'] },
  {
    title: 'empty and matches everything',
    filter: where.and(),
    expected: ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7'],
  },
  { title: 'empty or matches nothing', filter: where.or(), expected: [] },
  {
    title: 'or containing an empty or',
    filter: where.or(where.or(), where.eq('kind', 'link')),
    expected: ['r4'],
  },
];

/** Documents for text-filter tests (dimension 3). */
export const TEXT_RECORDS: VectorRecord[] = [
  record('t1', [1, 0, 0], { lang: 'ja' }, 'ユーザーは味噌ラーメンが大好きで、週に二回は食べる。'),
  record('t2', [0, 1, 0], { lang: 'en' }, 'Incident INC-4471 was resolved by restarting the worker.'),
  record('t3', [0, 0, 1], { lang: 'en' }, 'lowercase mention of inc-4471 only'),
  record('t4', [1, 1, 0], { lang: 'en' }, 'Party tonight 🎉 with friends'),
  record('t5', [0, 1, 1], { lang: 'en' }, ''),
];
