/**
 * Every namespace has its own collections, so nothing in one namespace is visible from another
 * (behaviour §2.6). Namespaces are validated at the edges; names here are always valid store names.
 * Collections that hold embedded vectors come in generations: a re-embedding into another model
 * writes the next generation's collections beside the current ones (`kioku_<ns>_memories_g2`).
 */
export const NAMESPACE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,62}$/;

/** Collections whose records carry a constant 1-d vector: never re-embedded, one generation only. */
export type RecordCollectionKind = 'links' | 'episodes' | 'state';

/** Collections whose records carry the embedding model's vectors, named per generation. */
export type EmbeddedCollectionKind = 'memories' | 'trash';

export type CollectionKind = RecordCollectionKind | EmbeddedCollectionKind;

/** The collection of `kind` for a namespace; generation 1 (the default) has no suffix. */
export function collectionName(namespace: string, kind: CollectionKind, generation = 1): string {
  if (!NAMESPACE_PATTERN.test(namespace)) {
    throw new Error(`Invalid namespace "${namespace}"`);
  }
  const suffix = generation <= 1 ? '' : `_g${generation}`;
  return `kioku_${namespace}_${kind}${suffix}`;
}

/** The `kind` metadata a collection of this kind is created with (`kioku-links`, …). */
export function collectionKindTag(kind: CollectionKind): string {
  return `kioku-${kind}`;
}
