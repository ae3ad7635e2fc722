import { matchesFilter } from '@kioku/vector-store';
import { FILTER_CASES, FILTER_RECORDS, uniqueCollectionName, vectorFor } from './vector-store.fixtures';

describe('contract fixtures', () => {
  it.each(FILTER_CASES)('$title: expected ids follow the reference semantics', ({ filter, expected }) => {
    const matching = FILTER_RECORDS.filter((r) => matchesFilter(filter, r.metadata)).map((r) => r.id);
    expect(matching.sort()).toEqual([...expected].sort());
  });

  it('makes collection names Chroma accepts', () => {
    expect(uniqueCollectionName()).toMatch(/^[a-zA-Z0-9][a-zA-Z0-9._-]{1,510}[a-zA-Z0-9]$/);
    expect(uniqueCollectionName()).not.toBe(uniqueCollectionName());
  });

  it('makes deterministic non-zero vectors', () => {
    expect(vectorFor(3, 8)).toEqual(vectorFor(3, 8));
    expect(vectorFor(3, 8).some((x) => x !== 0)).toBe(true);
    expect(vectorFor(3, 8)).not.toEqual(vectorFor(4, 8));
  });
});
