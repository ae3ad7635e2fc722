import { where } from '@kioku/vector-store';
import { translateFilter, translateText } from './chroma-where.translator';

describe('translateFilter', () => {
  it('means "everything, exactly" without a filter', () => {
    expect(translateFilter(undefined)).toEqual({ kind: 'all', exact: true });
  });

  it('maps comparisons to Chroma operators', () => {
    expect(translateFilter(where.eq('kind', 'note'))).toEqual({
      kind: 'where',
      where: { kind: { $eq: 'note' } },
      exact: true,
    });
    expect(translateFilter(where.gte('n', 2.5))).toEqual({
      kind: 'where',
      where: { n: { $gte: 2.5 } },
      exact: true,
    });
    expect(translateFilter(where.lt('n', 3))).toEqual({
      kind: 'where',
      where: { n: { $lt: 3 } },
      exact: true,
    });
  });

  it('marks ne and nin inexact (Chroma also matches records without the field)', () => {
    expect(translateFilter(where.ne('kind', 'note'))).toEqual({
      kind: 'where',
      where: { kind: { $ne: 'note' } },
      exact: false,
    });
    expect(translateFilter(where.nin('kind', ['a']))).toEqual({
      kind: 'where',
      where: { kind: { $nin: ['a'] } },
      exact: false,
    });
  });

  it('splits in-lists by JSON type and joins them with $or', () => {
    expect(translateFilter(where.in('n', [1, 2.5, 'x', true, 3]))).toEqual({
      kind: 'where',
      where: {
        $or: [{ n: { $in: [1, 3] } }, { n: { $in: [2.5] } }, { n: { $in: ['x'] } }, { n: { $in: [true] } }],
      },
      exact: true,
    });
  });

  it('splits nin-lists by JSON type and joins them with $and', () => {
    expect(translateFilter(where.nin('n', [1, 'x']))).toEqual({
      kind: 'where',
      where: { $and: [{ n: { $nin: [1] } }, { n: { $nin: ['x'] } }] },
      exact: false,
    });
  });

  it('turns empty lists into nothing (in) and an inexact everything (nin)', () => {
    expect(translateFilter(where.in('n', []))).toEqual({ kind: 'none' });
    expect(translateFilter(where.nin('n', []))).toEqual({ kind: 'all', exact: false });
  });

  it('unwraps single children and builds $and/$or from two or more', () => {
    expect(translateFilter(where.and(where.eq('a', 1)))).toEqual({
      kind: 'where',
      where: { a: { $eq: 1 } },
      exact: true,
    });
    expect(translateFilter(where.or(where.eq('a', 1), where.eq('b', 2)))).toEqual({
      kind: 'where',
      where: { $or: [{ a: { $eq: 1 } }, { b: { $eq: 2 } }] },
      exact: true,
    });
  });

  it('simplifies empty and/or', () => {
    expect(translateFilter(where.and())).toEqual({ kind: 'all', exact: true });
    expect(translateFilter(where.or())).toEqual({ kind: 'none' });
    expect(translateFilter(where.and(where.eq('a', 1), where.or()))).toEqual({ kind: 'none' });
    expect(translateFilter(where.or(where.eq('a', 1), where.and()))).toEqual({ kind: 'all', exact: true });
    expect(translateFilter(where.or(where.or(), where.eq('a', 1)))).toEqual({
      kind: 'where',
      where: { a: { $eq: 1 } },
      exact: true,
    });
  });

  it('propagates inexactness through nesting', () => {
    const translated = translateFilter(
      where.and(where.eq('a', 1), where.or(where.ne('b', 2), where.eq('c', 3))),
    );
    expect(translated).toEqual({
      kind: 'where',
      where: { $and: [{ a: { $eq: 1 } }, { $or: [{ b: { $ne: 2 } }, { c: { $eq: 3 } }] }] },
      exact: false,
    });
  });
});

describe('translateText', () => {
  it('maps one substring to $contains and several to $or', () => {
    expect(translateText({ containsAny: ['ラーメン'] })).toEqual({
      kind: 'where',
      whereDocument: { $contains: 'ラーメン' },
    });
    expect(translateText({ containsAny: ['a', 'b', 'a'] })).toEqual({
      kind: 'where',
      whereDocument: { $or: [{ $contains: 'a' }, { $contains: 'b' }] },
    });
  });

  it('matches nothing for an empty list and everything without a text filter', () => {
    expect(translateText({ containsAny: [] })).toEqual({ kind: 'none' });
    expect(translateText(undefined)).toEqual({ kind: 'all' });
  });
});
