/**
 * Small named state records of a namespace (which collection generation is current, a re-embedding
 * in progress, the last consolidation's candidates), kept in the namespace's `state` collection
 * through the vector-store port so that every process and every backend sees the same state.
 */
import { inject, injectable } from 'inversify';
import { VECTOR_STORE_TOKENS, type Metadata, type VectorStore } from '@kioku/vector-store';
import { NamespaceCollections } from './namespace-collections';

@injectable()
export class NamespaceStateRepository {
  constructor(
    @inject(VECTOR_STORE_TOKENS.VectorStore) private readonly store: VectorStore,
    @inject(NamespaceCollections) private readonly collections: NamespaceCollections,
  ) {}

  async read(namespace: string, key: string): Promise<Metadata | null> {
    const [record] = await this.store.get(await this.collection(namespace), [key]);
    return record ? record.metadata : null;
  }

  /** Replaces the record (all of its keys). */
  async write(namespace: string, key: string, state: Metadata): Promise<void> {
    await this.store.upsert(await this.collection(namespace), [
      { id: key, vector: [1], document: '', metadata: state },
    ]);
  }

  /** Every state record of the namespace (key and keys), a bounded page at a time. */
  async *all(namespace: string, pageSize = 100): AsyncGenerator<{ key: string; state: Metadata }[]> {
    const collection = await this.collection(namespace);
    let cursor: string | undefined;
    do {
      const page = await this.store.find(collection, { limit: pageSize, cursor });
      yield page.records.map((record) => ({ key: record.id, state: record.metadata }));
      cursor = page.nextCursor;
    } while (cursor);
  }

  async remove(namespace: string, key: string): Promise<void> {
    await this.store.delete(await this.collection(namespace), [key]);
  }

  private collection(namespace: string): Promise<string> {
    return this.collections.openRecords(namespace, 'state');
  }
}
