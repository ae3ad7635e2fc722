/**
 * The one way a repository opens its namespace collection: the collection is created (or found) on
 * first use, once per process and name — concurrent callers share one attempt, a failed attempt is
 * retried by the next call — and an optional check refuses an existing collection that does not fit
 * (the memories' embedding model). Every call returns the name to read and write.
 */
import { inject, injectable } from 'inversify';
import {
  VECTOR_STORE_TOKENS,
  type CollectionInfo,
  type CollectionSpec,
  type VectorStore,
} from '@kioku/vector-store';
import { collectionKindTag, collectionName, type RecordCollectionKind } from './collection-names';
import { EnsureOnce } from './ensure-once';

/** Records with a constant 1-d vector: stored through the vector-store port on every backend. */
const RECORD_DIMENSION = 1;

@injectable()
export class NamespaceCollections {
  private readonly ensured = new EnsureOnce();

  constructor(@inject(VECTOR_STORE_TOKENS.VectorStore) private readonly store: VectorStore) {}

  /**
   * The namespace's collection of records with a constant 1-d vector (links, episodes, state);
   * `indexedKeys`: the metadata keys its reads filter on (`CollectionSpec.indexedKeys`).
   */
  openRecords(namespace: string, kind: RecordCollectionKind, indexedKeys?: string[]): Promise<string> {
    return this.open(collectionName(namespace, kind), {
      dimension: RECORD_DIMENSION,
      metadata: { kind: collectionKindTag(kind) },
      ...(indexedKeys ? { indexedKeys } : {}),
    });
  }

  /**
   * Creates the collection with `spec` unless it exists, then runs `verify` on what the store holds
   * (throw to refuse it); both once per process and name, until one attempt succeeds.
   */
  async open(name: string, spec: CollectionSpec, verify?: (info: CollectionInfo) => void): Promise<string> {
    await this.ensured.run(name, async () => {
      const info = await this.store.ensureCollection(name, spec);
      verify?.(info);
    });
    return name;
  }
}
