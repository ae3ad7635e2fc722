/**
 * Which namespaces a store holds: those with a memories collection (`kioku_<ns>_memories`, any
 * generation), read from the store's list of collections. For `kioku export --all`.
 */
import { inject, injectable } from 'inversify';
import { VECTOR_STORE_TOKENS, type VectorStore } from '@kioku/vector-store';
import { NAMESPACE_PATTERN } from './collection-names';

const MEMORIES_COLLECTION = /^kioku_(.+)_memories(?:_g\d+)?$/;

@injectable()
export class NamespaceDirectory {
  constructor(@inject(VECTOR_STORE_TOKENS.VectorStore) private readonly store: VectorStore) {}

  /** The namespaces, sorted. */
  async list(): Promise<string[]> {
    const names = new Set<string>();
    for (const collection of await this.store.listCollections()) {
      const namespace = MEMORIES_COLLECTION.exec(collection)?.[1];
      if (namespace && NAMESPACE_PATTERN.test(namespace)) names.add(namespace);
    }
    return [...names].sort();
  }
}
