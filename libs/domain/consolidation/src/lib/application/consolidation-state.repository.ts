/**
 * What the last consolidation left for the agent (its merge candidates), kept as a namespace state
 * record so that wake_up, in any process, can say whether pairs are waiting.
 */
import { inject, injectable } from 'inversify';
import { NamespaceStateRepository } from '@kioku/namespace-storage';

const STATE_KEY = 'consolidation';

export interface ConsolidationState {
  lastRunAt: string;
  mergeCandidates: { a: string; b: string; similarity: number }[];
}

@injectable()
export class ConsolidationStateRepository {
  constructor(@inject(NamespaceStateRepository) private readonly state: NamespaceStateRepository) {}

  async save(namespace: string, state: ConsolidationState): Promise<void> {
    await this.state.write(namespace, STATE_KEY, {
      lastRunAt: state.lastRunAt,
      mergeCandidates: JSON.stringify(state.mergeCandidates),
    });
  }

  async load(namespace: string): Promise<ConsolidationState | null> {
    const record = await this.state.read(namespace, STATE_KEY);
    if (!record || typeof record.lastRunAt !== 'string') return null;
    try {
      const parsed: unknown = JSON.parse(String(record.mergeCandidates ?? '[]'));
      const mergeCandidates = Array.isArray(parsed) ? (parsed as ConsolidationState['mergeCandidates']) : [];
      return { lastRunAt: record.lastRunAt, mergeCandidates };
    } catch {
      return { lastRunAt: record.lastRunAt, mergeCandidates: [] };
    }
  }
}
