/**
 * What the last consolidation left for the agent (its merge candidates), kept in the namespace's
 * `state` collection so that wake_up, in any process, can say whether pairs are waiting.
 */
import { inject, injectable } from 'inversify';
import { collectionName, EnsureOnce } from '@kioku/links';
import { VECTOR_STORE_TOKENS, type VectorStore } from '@kioku/vector-store';

const RECORD_ID = 'consolidation';

export interface ConsolidationState {
  lastRunAt: string;
  mergeCandidates: { a: string; b: string; similarity: number }[];
}

@injectable()
export class ConsolidationStateRepository {
  private readonly ensured = new EnsureOnce();

  constructor(@inject(VECTOR_STORE_TOKENS.VectorStore) private readonly store: VectorStore) {}

  async save(namespace: string, state: ConsolidationState): Promise<void> {
    await this.store.upsert(await this.collection(namespace), [
      {
        id: RECORD_ID,
        vector: [1],
        document: '',
        metadata: { lastRunAt: state.lastRunAt, mergeCandidates: JSON.stringify(state.mergeCandidates) },
      },
    ]);
  }

  async load(namespace: string): Promise<ConsolidationState | null> {
    const [record] = await this.store.get(await this.collection(namespace), [RECORD_ID]);
    if (!record || typeof record.metadata.lastRunAt !== 'string') return null;
    try {
      const parsed: unknown = JSON.parse(String(record.metadata.mergeCandidates ?? '[]'));
      const mergeCandidates = Array.isArray(parsed) ? (parsed as ConsolidationState['mergeCandidates']) : [];
      return { lastRunAt: record.metadata.lastRunAt, mergeCandidates };
    } catch {
      return { lastRunAt: record.metadata.lastRunAt, mergeCandidates: [] };
    }
  }

  private async collection(namespace: string): Promise<string> {
    const name = collectionName(namespace, 'state');
    await this.ensured.run(name, () =>
      this.store.ensureCollection(name, { dimension: 1, metadata: { kind: 'kioku-state' } }),
    );
    return name;
  }
}
