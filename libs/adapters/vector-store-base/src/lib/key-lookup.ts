/**
 * Which records a filter can match, answered from a `KeyIndex` instead of a scan: `eq` and `in` on an
 * indexed key, an `or` whose every branch is answerable, an `and` with at least one answerable part.
 * The answer is a superset of the matching records' ids; the caller reads those records and keeps
 * the ones the whole filter matches.
 */
import type { Filter, MetadataValue } from '@kioku/vector-store';
import type { KeyIndex } from './key-index.port';

export type KeyLookup =
  { key: string; values: MetadataValue[] } | { any: KeyLookup[] } | { all: KeyLookup[] };

/** The lookup that answers `filter` from the indexed keys, or undefined when it needs a scan. */
export function keyLookupFor(filter: Filter, indexed: ReadonlySet<string>): KeyLookup | undefined {
  if ('or' in filter) {
    const branches = filter.or.map((branch) => keyLookupFor(branch, indexed));
    return branches.length > 0 && branches.every((b) => b !== undefined) ? { any: branches } : undefined;
  }
  if ('and' in filter) {
    const parts = filter.and.flatMap((part) => keyLookupFor(part, indexed) ?? []);
    return parts.length > 0 ? { all: parts } : undefined;
  }
  if (!indexed.has(filter.field)) return undefined;
  if (filter.op === 'eq') return { key: filter.field, values: [filter.value] };
  if (filter.op === 'in') return { key: filter.field, values: filter.values };
  return undefined;
}

/** The ids the lookup yields, in ascending order. */
export async function idsOf(index: KeyIndex, collection: string, lookup: KeyLookup): Promise<string[]> {
  return [...(await idSet(index, collection, lookup))].sort();
}

async function idSet(index: KeyIndex, collection: string, lookup: KeyLookup): Promise<Set<string>> {
  if ('key' in lookup) return new Set(await index.idsWith(collection, lookup.key, lookup.values));
  const sets = await Promise.all(
    ('any' in lookup ? lookup.any : lookup.all).map((part) => idSet(index, collection, part)),
  );
  if ('any' in lookup) return new Set(sets.flatMap((set) => [...set]));
  const [first, ...rest] = sets;
  return new Set([...first].filter((id) => rest.every((set) => set.has(id))));
}
