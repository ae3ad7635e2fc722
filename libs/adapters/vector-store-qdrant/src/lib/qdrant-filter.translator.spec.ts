import { FILTER_CASES, FILTER_RECORDS, TEXT_RECORDS } from '@kioku/testing-contracts';
import { matchesFilter, where, type Filter, type Metadata, type MetadataValue } from '@kioku/vector-store';
import {
  filterKeyOf,
  matchesText,
  translateFilter,
  translateFilters,
  translateText,
  type QdrantCondition,
  type QdrantFilter,
  type TranslatedFilter,
} from './qdrant-filter.translator';
import { DOCUMENT_KEY, encodePayload } from './qdrant-payload.codec';

/**
 * A model of how Qdrant evaluates a filter against one payload, written from its condition checker
 * (lib/segment/src/payload_storage/condition_checker.rs and query_checker.rs): values of another JSON
 * type never match, `match.value`/`match.any` on numbers compare `as_i64` (integers only), `range`
 * compares any number as f64, `match.text` without a full-text index is `String::contains`,
 * `is_empty` is true for a missing key, null or [], an empty `should` is no condition, and a condition
 * on a missing key is false. Keys are one plain or quoted segment (all the translator produces).
 */
function qdrantMatches(filter: QdrantFilter, payload: Record<string, unknown>): boolean {
  const must = filter.must ?? [];
  const should = filter.should ?? [];
  const mustNot = filter.must_not ?? [];
  return (
    must.every((c) => conditionMatches(c, payload)) &&
    (should.length === 0 || should.some((c) => conditionMatches(c, payload))) &&
    !mustNot.some((c) => conditionMatches(c, payload))
  );
}

function conditionMatches(condition: QdrantCondition, payload: Record<string, unknown>): boolean {
  if (isNestedFilter(condition)) return qdrantMatches(condition, payload);
  if ('is_empty' in condition) {
    const value = payload[keyName(condition.is_empty.key)];
    return value === undefined || value === null || (Array.isArray(value) && value.length === 0);
  }
  const value = payload[keyName(condition.key)];
  if (value === undefined || value === null) return false;
  if (condition.range) {
    if (typeof value !== 'number') return false;
    const { gt, gte, lt, lte } = condition.range;
    return (
      (gt === undefined || value > gt) &&
      (gte === undefined || value >= gte) &&
      (lt === undefined || value < lt) &&
      (lte === undefined || value <= lte)
    );
  }
  const match = condition.match!;
  if ('text' in match) return typeof value === 'string' && value.includes(match.text);
  if ('any' in match) return typeof value === 'string' && match.any.includes(value);
  const expected = match.value;
  if (typeof expected === 'number') {
    if (!Number.isInteger(expected)) throw new Error('Qdrant rejects a non-integer match.value');
    return typeof value === 'number' && Number.isInteger(value) && value === expected;
  }
  return value === expected;
}

function isNestedFilter(condition: QdrantCondition): condition is QdrantFilter {
  return 'must' in condition || 'should' in condition || 'must_not' in condition;
}

function keyName(key: string): string {
  if (/^[A-Za-z0-9_-]+$/.test(key)) return key;
  const quoted = /^"([^"\\]*)"$/.exec(key);
  if (!quoted) throw new Error(`Not a single-segment Qdrant key: ${key}`);
  return quoted[1];
}

function evaluate(translated: TranslatedFilter, payload: Record<string, unknown>): boolean {
  switch (translated.kind) {
    case 'all':
      return true;
    case 'none':
      return false;
    case 'filter':
      return qdrantMatches(translated.filter, payload);
  }
}

/** The payload exactly as Qdrant would store it (through JSON). */
function storedPayload(metadata: Metadata, document = ''): Record<string, unknown> {
  return JSON.parse(JSON.stringify(encodePayload({ id: 'x', metadata, document }, 1)));
}

describe('translateFilter: request shapes', () => {
  it('no filter and an empty and mean "no condition"; an empty or means "nothing"', () => {
    expect(translateFilter(undefined)).toEqual({ kind: 'all' });
    expect(translateFilter(where.and())).toEqual({ kind: 'all' });
    expect(translateFilter(where.or())).toEqual({ kind: 'none' });
    expect(translateFilter(where.in('kind', []))).toEqual({ kind: 'none' });
  });

  it('eq: match.value for strings and booleans, a closed range for numbers', () => {
    expect(translateFilter(where.eq('kind', 'note'))).toEqual({
      kind: 'filter',
      filter: { must: [{ key: 'kind', match: { value: 'note' } }] },
    });
    expect(translateFilter(where.eq('isPrivate', false))).toEqual({
      kind: 'filter',
      filter: { must: [{ key: 'isPrivate', match: { value: false } }] },
    });
    expect(translateFilter(where.eq('n', 2.5))).toEqual({
      kind: 'filter',
      filter: { must: [{ key: 'n', range: { gte: 2.5, lte: 2.5 } }] },
    });
  });

  it('comparisons become ranges', () => {
    expect(translateFilter(where.gte('createdAtMs', 1_700_000_000_000))).toEqual({
      kind: 'filter',
      filter: { must: [{ key: 'createdAtMs', range: { gte: 1_700_000_000_000 } }] },
    });
    expect(translateFilter(where.lt('deletedAtMs', 5))).toEqual({
      kind: 'filter',
      filter: { must: [{ key: 'deletedAtMs', range: { lt: 5 } }] },
    });
  });

  it('ne requires the field: must_not [is_empty, value]', () => {
    expect(translateFilter(where.ne('kind', 'note'))).toEqual({
      kind: 'filter',
      filter: { must_not: [{ is_empty: { key: 'kind' } }, { key: 'kind', match: { value: 'note' } }] },
    });
  });

  it('in: one match.any for strings, one condition per other value, OR-ed', () => {
    expect(translateFilter(where.in('sourceId', ['mem_a', 'mem_b', 'mem_a']))).toEqual({
      kind: 'filter',
      filter: { must: [{ key: 'sourceId', match: { any: ['mem_a', 'mem_b'] } }] },
    });
    expect(translateFilter(where.in('tag', ['3', 3, true]))).toEqual({
      kind: 'filter',
      filter: {
        should: [
          { key: 'tag', match: { value: '3' } },
          { key: 'tag', range: { gte: 3, lte: 3 } },
          { key: 'tag', match: { value: true } },
        ],
      },
    });
  });

  it('nin requires the field: must_not [is_empty, ...values]; with no values it only requires the field', () => {
    expect(translateFilter(where.nin('kind', ['note', 'link']))).toEqual({
      kind: 'filter',
      filter: {
        must_not: [{ is_empty: { key: 'kind' } }, { key: 'kind', match: { any: ['note', 'link'] } }],
      },
    });
    expect(translateFilter(where.nin('lang', []))).toEqual({
      kind: 'filter',
      filter: { must_not: [{ is_empty: { key: 'lang' } }] },
    });
  });

  it('and/or nest as must/should and flatten same-kind children', () => {
    const filter = where.and(
      where.eq('category', 'work'),
      where.and(where.gte('createdAtMs', 1), where.lte('createdAtMs', 2)),
      where.or(where.eq('tag_a', true), where.or(where.eq('tag_b', true), where.eq('tag_c', true))),
    );
    expect(translateFilter(filter)).toEqual({
      kind: 'filter',
      filter: {
        must: [
          { key: 'category', match: { value: 'work' } },
          { key: 'createdAtMs', range: { gte: 1 } },
          { key: 'createdAtMs', range: { lte: 2 } },
          {
            should: [
              { key: 'tag_a', match: { value: true } },
              { key: 'tag_b', match: { value: true } },
              { key: 'tag_c', match: { value: true } },
            ],
          },
        ],
      },
    });
  });

  it('drops "nothing" branches of an or and "everything" branches of an and', () => {
    expect(translateFilter(where.or(where.or(), where.eq('kind', 'link')))).toEqual(
      translateFilter(where.eq('kind', 'link')),
    );
    expect(translateFilter(where.and(where.and(), where.eq('kind', 'link')))).toEqual(
      translateFilter(where.eq('kind', 'link')),
    );
    expect(translateFilter(where.and(where.or(), where.eq('kind', 'link')))).toEqual({ kind: 'none' });
    expect(translateFilter(where.or(where.and(), where.eq('kind', 'link')))).toEqual({ kind: 'all' });
  });

  it('rejects non-finite numbers (JSON cannot carry them)', () => {
    for (const filter of [
      where.eq('n', Number.NaN),
      where.gt('n', Infinity),
      where.in('n', [1, -Infinity]),
    ]) {
      expect(() => translateFilter(filter)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    }
  });
});

describe('filterKeyOf', () => {
  it('leaves plain names alone and quotes anything Qdrant would read as a path', () => {
    expect(filterKeyOf('createdAtMs')).toBe('createdAtMs');
    expect(filterKeyOf('tag_work-2024')).toBe('tag_work-2024');
    expect(filterKeyOf('tag_v1.2')).toBe('"tag_v1.2"');
    expect(filterKeyOf('a[]')).toBe('"a[]"');
    expect(filterKeyOf('tag_仕事')).toBe('"tag_仕事"');
    expect(filterKeyOf('with space')).toBe('"with space"');
    expect(filterKeyOf('')).toBe('""');
  });

  it('uses the encoded payload key for keys a quoted segment cannot hold', () => {
    expect(filterKeyOf('say "hi"')).toMatch(/^_kioku_key_[A-Za-z0-9_-]+$/);
    expect(filterKeyOf('_kioku_id')).toMatch(/^_kioku_key_[A-Za-z0-9_-]+$/);
  });
});

describe('translateText', () => {
  it('one match.text per distinct needle on the document field, OR-ed', () => {
    expect(translateText({ containsAny: ['ラー'] })).toEqual({
      kind: 'filter',
      filter: { must: [{ key: DOCUMENT_KEY, match: { text: 'ラー' } }] },
    });
    expect(translateText({ containsAny: ['ラー', 'INC-4471', 'ラー'] })).toEqual({
      kind: 'filter',
      filter: {
        should: [
          { key: DOCUMENT_KEY, match: { text: 'ラー' } },
          { key: DOCUMENT_KEY, match: { text: 'INC-4471' } },
        ],
      },
    });
  });

  it('no needles match nothing; an empty needle matches everything', () => {
    expect(translateText({ containsAny: [] })).toEqual({ kind: 'none' });
    expect(translateText({ containsAny: ['x', ''] })).toEqual({ kind: 'all' });
    expect(translateText(undefined)).toEqual({ kind: 'all' });
  });

  it('is AND-ed with the metadata filter', () => {
    expect(translateFilters(where.eq('lang', 'en'), { containsAny: ['inc-4471'] })).toEqual({
      kind: 'filter',
      filter: {
        must: [
          { key: 'lang', match: { value: 'en' } },
          { key: DOCUMENT_KEY, match: { text: 'inc-4471' } },
        ],
      },
    });
    expect(translateFilters(where.eq('lang', 'en'), { containsAny: [] })).toEqual({ kind: 'none' });
  });

  it('matchesText is the exact, case-sensitive substring test', () => {
    expect(matchesText({ containsAny: ['INC-4471'] }, 'lowercase mention of inc-4471 only')).toBe(false);
    expect(matchesText({ containsAny: ['味噌'] }, 'ユーザーは味噌ラーメンが大好き')).toBe(true);
    expect(matchesText(undefined, '')).toBe(true);
  });
});

describe('translateFilter agrees with the port’s reference semantics under Qdrant’s evaluation', () => {
  it.each(FILTER_CASES)('$title', ({ filter, expected }) => {
    const translated = translateFilter(filter);
    const matched = FILTER_RECORDS.filter((r) => evaluate(translated, storedPayload(r.metadata))).map(
      (r) => r.id,
    );
    expect(matched.sort()).toEqual([...expected].sort());
  });

  it('agrees on keys that need quoting or encoding', () => {
    const records: Metadata[] = [
      { 'tag_v1.2': true, 'say "hi"': 'yes', _kioku_id: 'spoof' },
      { 'tag_v1.2': false },
      {},
    ];
    const filters: Filter[] = [
      where.eq('tag_v1.2', true),
      where.ne('tag_v1.2', true),
      where.eq('say "hi"', 'yes'),
      where.nin('say "hi"', []),
      where.eq('_kioku_id', 'spoof'),
    ];
    for (const filter of filters) {
      const translated = translateFilter(filter);
      for (const metadata of records) {
        expect(evaluate(translated, storedPayload(metadata))).toBe(matchesFilter(filter, metadata));
      }
    }
  });

  it('agrees on 3 000 random filters over random records', () => {
    const random = seededRandom(20_251_121);
    const fields = ['kind', 'n', 'flag', 'tag_x'];
    const values: MetadataValue[] = ['note', 'task', '3', '', 3, 2.5, -1, 0, 1e-7, true, false];
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)];
    const numbers = values.filter((v): v is number => typeof v === 'number');

    const records: Metadata[] = Array.from({ length: 40 }, () => {
      const metadata: Metadata = {};
      for (const field of fields) if (random() < 0.7) metadata[field] = pick(values);
      return metadata;
    });

    const randomFilter = (depth: number): Filter => {
      const roll = random();
      if (depth > 0 && roll < 0.25) {
        const children = Array.from({ length: Math.floor(random() * 4) }, () => randomFilter(depth - 1));
        return roll < 0.125 ? where.and(...children) : where.or(...children);
      }
      const field = pick(fields);
      const list = Array.from({ length: Math.floor(random() * 4) }, () => pick(values));
      switch (pick(['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin'] as const)) {
        case 'eq':
          return where.eq(field, pick(values));
        case 'ne':
          return where.ne(field, pick(values));
        case 'gt':
          return where.gt(field, pick(numbers));
        case 'gte':
          return where.gte(field, pick(numbers));
        case 'lt':
          return where.lt(field, pick(numbers));
        case 'lte':
          return where.lte(field, pick(numbers));
        case 'in':
          return where.in(field, list);
        case 'nin':
          return where.nin(field, list);
      }
    };

    const payloads = records.map((metadata) => storedPayload(metadata));
    for (let i = 0; i < 3_000; i++) {
      const filter = randomFilter(3);
      const translated = translateFilter(filter);
      for (const [index, metadata] of records.entries()) {
        const expected = matchesFilter(filter, metadata);
        if (evaluate(translated, payloads[index]) !== expected) {
          throw new Error(`Disagreement on ${JSON.stringify(filter)} for ${JSON.stringify(metadata)}`);
        }
      }
    }
  });

  it('text filters select exactly the contract’s documents', () => {
    const cases: [string[], string[]][] = [
      [['ラーメン'], ['t1']],
      [['味噌'], ['t1']],
      [['INC-4471'], ['t2']],
      [
        ['ラー', 'INC-4471'],
        ['t1', 't2'],
      ],
      [['🎉'], ['t4']],
      [['zzz'], []],
      [[], []],
    ];
    for (const [containsAny, expected] of cases) {
      const translated = translateText({ containsAny });
      const matched = TEXT_RECORDS.filter((r) => evaluate(translated, storedPayload(r.metadata, r.document)));
      expect(matched.map((r) => r.id)).toEqual(expected);
    }
  });
});

/** A small deterministic PRNG (mulberry32) so that failures reproduce. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
