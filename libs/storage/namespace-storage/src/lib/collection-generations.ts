/**
 * Which generation of a namespace's embedded collections (memories, trash) is current. Their records
 * carry vectors, so a re-embedding into another model (another dimension) writes new collections — a
 * new generation — and then switches the namespace to them by rewriting one state record. Without
 * that record the first generation's names apply (`kioku_<ns>_memories`, `kioku_<ns>_trash`).
 * Resolved once per process and namespace: after a re-embedding, other running processes must
 * restart (they would refuse the new model anyway).
 */
import { inject, injectable } from 'inversify';
import { collectionName, type EmbeddedCollectionKind } from './collection-names';
import { NamespaceStateRepository } from './namespace-state.repository';

const GENERATION_STATE_KEY = 'collections';

@injectable()
export class CollectionGenerations {
  private readonly resolved = new Map<string, Promise<number>>();

  constructor(@inject(NamespaceStateRepository) private readonly state: NamespaceStateRepository) {}

  /** The namespace's current generation (1 until its first re-embedding). */
  current(namespace: string): Promise<number> {
    let resolved = this.resolved.get(namespace);
    if (!resolved) {
      resolved = this.read(namespace);
      resolved.catch(() => this.resolved.delete(namespace));
      this.resolved.set(namespace, resolved);
    }
    return resolved;
  }

  /** The name of the namespace's collection of `kind` in its current generation. */
  async currentName(namespace: string, kind: EmbeddedCollectionKind): Promise<string> {
    return collectionName(namespace, kind, await this.current(namespace));
  }

  /** Makes `generation` current for the namespace (the last step of a re-embedding). */
  async switchTo(namespace: string, generation: number): Promise<void> {
    await this.state.write(namespace, GENERATION_STATE_KEY, { generation });
    this.resolved.set(namespace, Promise.resolve(generation));
  }

  private async read(namespace: string): Promise<number> {
    const record = await this.state.read(namespace, GENERATION_STATE_KEY);
    return typeof record?.generation === 'number' ? record.generation : 1;
  }
}
