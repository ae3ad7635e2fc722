/**
 * Small named state records of a namespace (which collection generation is current, a re-embedding
 * in progress, the last consolidation's candidates), kept in the namespace's `state` collection
 * through the vector-store port so that every process and every backend sees the same state.
 */
import { inject, injectable } from 'inversify';
import { VECTOR_STORE_TOKENS, type Metadata, type VectorStore } from '@kioku/vector-store';
import { collectionName } from '../domain/collection-names';
import { EnsureOnce } from './ensure-once';

@injectable()
export class NamespaceStateRepository {
  private readonly ensured = new EnsureOnce();

  constructor(@inject(VECTOR_STORE_TOKENS.VectorStore) private readonly store: VectorStore) {}

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

  async remove(namespace: string, key: string): Promise<void> {
    await this.store.delete(await this.collection(namespace), [key]);
  }

  private async collection(namespace: string): Promise<string> {
    const name = collectionName(namespace, 'state');
    await this.ensured.run(name, () =>
      this.store.ensureCollection(name, { dimension: 1, metadata: { kind: 'kioku-state' } }),
    );
    return name;
  }
}
