/**
 * Which collections hold a namespace's memories and trash. Both carry vectors, so a re-embedding
 * into another model (another dimension) writes new collections — a new generation — and then
 * switches the namespace to them by rewriting one state record. Without that record the first
 * generation's names apply (`kioku_<ns>_memories`, `kioku_<ns>_trash`). Resolved once per process
 * and namespace: after a re-embedding, other running processes must restart (they would refuse the
 * new model anyway).
 */
import { inject, injectable } from 'inversify';
import { collectionName, NamespaceStateRepository } from '@kioku/links';

export const COLLECTIONS_STATE_KEY = 'collections';

export interface VectorCollections {
  memories: string;
  trash: string;
  generation: number;
}

export function collectionsOfGeneration(namespace: string, generation: number): VectorCollections {
  const suffix = generation <= 1 ? '' : `_g${generation}`;
  return {
    memories: collectionName(namespace, 'memories') + suffix,
    trash: collectionName(namespace, 'trash') + suffix,
    generation,
  };
}

@injectable()
export class MemoryCollections {
  private readonly resolved = new Map<string, Promise<VectorCollections>>();

  constructor(@inject(NamespaceStateRepository) private readonly state: NamespaceStateRepository) {}

  of(namespace: string): Promise<VectorCollections> {
    let resolved = this.resolved.get(namespace);
    if (!resolved) {
      resolved = this.read(namespace);
      resolved.catch(() => this.resolved.delete(namespace));
      this.resolved.set(namespace, resolved);
    }
    return resolved;
  }

  /** Makes `generation` current for the namespace (the last step of a re-embedding). */
  async switchTo(namespace: string, generation: number): Promise<void> {
    await this.state.write(namespace, COLLECTIONS_STATE_KEY, { generation });
    this.resolved.set(namespace, Promise.resolve(collectionsOfGeneration(namespace, generation)));
  }

  private async read(namespace: string): Promise<VectorCollections> {
    const record = await this.state.read(namespace, COLLECTIONS_STATE_KEY);
    const generation = typeof record?.generation === 'number' ? record.generation : 1;
    return collectionsOfGeneration(namespace, generation);
  }
}
