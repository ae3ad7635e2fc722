import { where } from '@kioku/vector-store';
import type { KeyIndex } from './key-index.port';
import { idsOf, keyLookupFor } from './key-lookup';

const KEYS = new Set(['sourceId', 'targetId']);

describe('keyLookupFor', () => {
  it('answers eq and in on an indexed key', () => {
    expect(keyLookupFor(where.eq('sourceId', 'a'), KEYS)).toEqual({ key: 'sourceId', values: ['a'] });
    expect(keyLookupFor(where.in('targetId', ['a', 1]), KEYS)).toEqual({ key: 'targetId', values: ['a', 1] });
  });

  it('answers an or only when every branch is answerable', () => {
    expect(keyLookupFor(where.or(where.eq('sourceId', 'a'), where.eq('targetId', 'a')), KEYS)).toEqual({
      any: [
        { key: 'sourceId', values: ['a'] },
        { key: 'targetId', values: ['a'] },
      ],
    });
    expect(keyLookupFor(where.or(where.eq('sourceId', 'a'), where.eq('type', 'x')), KEYS)).toBeUndefined();
    expect(keyLookupFor(where.or(), KEYS)).toBeUndefined();
  });

  it('answers an and from its answerable parts (the rest is checked on the records)', () => {
    expect(keyLookupFor(where.and(where.eq('type', 'x'), where.eq('sourceId', 'a')), KEYS)).toEqual({
      all: [{ key: 'sourceId', values: ['a'] }],
    });
    expect(keyLookupFor(where.and(where.eq('type', 'x')), KEYS)).toBeUndefined();
  });

  it('leaves ne, nin, ranges and other keys to a scan', () => {
    for (const filter of [
      where.ne('sourceId', 'a'),
      where.nin('sourceId', ['a']),
      where.gt('sourceId', 1),
      where.eq('type', 'x'),
    ]) {
      expect(keyLookupFor(filter, KEYS)).toBeUndefined();
    }
  });
});

describe('idsOf', () => {
  const entries: Record<string, Record<string, string[]>> = {
    sourceId: { a: ['p1', 'p2'], b: ['p3'] },
    targetId: { a: ['p4'], c: ['p2', 'p5'] },
  };
  const index = {
    idsWith: async (_collection: string, key: string, values: unknown[]) =>
      values.flatMap((value) => entries[key][String(value)] ?? []),
  } as unknown as KeyIndex;

  it('unites the branches of an or and intersects the parts of an and, in ascending order', async () => {
    const either = keyLookupFor(where.or(where.in('sourceId', ['b', 'a']), where.eq('targetId', 'a')), KEYS)!;
    expect(await idsOf(index, 'c', either)).toEqual(['p1', 'p2', 'p3', 'p4']);
    const both = keyLookupFor(where.and(where.eq('sourceId', 'a'), where.eq('targetId', 'c')), KEYS)!;
    expect(await idsOf(index, 'c', both)).toEqual(['p2']);
  });
});
