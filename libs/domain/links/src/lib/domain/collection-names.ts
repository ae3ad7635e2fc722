/**
 * Every namespace has its own collections, so nothing in one namespace is visible from another
 * (behaviour §2.6). Namespaces are validated at the edges; names here are always valid store names.
 */
export const NAMESPACE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,62}$/;

export type CollectionKind = 'memories' | 'links' | 'episodes' | 'trash' | 'state';

export function collectionName(namespace: string, kind: CollectionKind): string {
  if (!NAMESPACE_PATTERN.test(namespace)) {
    throw new Error(`Invalid namespace "${namespace}"`);
  }
  return `kioku_${namespace}_${kind}`;
}
