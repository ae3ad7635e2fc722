/**
 * wake_up (behaviour §4.11, design note 003 FR-5): a short orientation at the start of a session — how many
 * memories, the few most recent, the latest introspection, whether the last consolidation left
 * near-duplicate pairs to review (pairs whose memories still both exist), and one line offering
 * private memory without telling the agent when to use it. Reads only; tracks no access.
 */
import { inject, injectable } from 'inversify';
import { KERNEL_TOKENS, type Clock } from '@kioku/kernel';
import { MemoryRepository, type Memory } from '@kioku/memory';
import { type CallContext } from '@kioku/call-context';
import { allOf, where } from '@kioku/vector-store';
import { ConsolidationStateRepository } from '../consolidation-state.repository';
import type { WakeUpInput } from './wake-up.input';

const RECENT = 3;

export interface WakeUpResult {
  total: number;
  recent: Memory[];
  latestIntrospection: Memory | null;
  /** Near-duplicate pairs from the last consolidation that still wait for a decision. */
  pendingMergePairs: number;
}

@injectable()
export class WakeUpUseCase {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(ConsolidationStateRepository) private readonly state: ConsolidationStateRepository,
    @inject(KERNEL_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(input: WakeUpInput, context: CallContext): Promise<WakeUpResult> {
    const now = this.clock.now();
    const publicOnly = input.includePrivate === false ? where.eq('isPrivate', false) : undefined;
    const introspection = allOf(where.eq('category', 'introspection'), publicOnly);
    const [total, recent, introspections, pendingMergePairs] = await Promise.all([
      this.memories.count(context.namespace),
      this.memories.newest(context.namespace, RECENT, publicOnly, now),
      this.memories.newest(context.namespace, 1, introspection, now),
      this.pendingMergePairs(context.namespace),
    ]);
    return { total, recent, latestIntrospection: introspections[0] ?? null, pendingMergePairs };
  }

  private async pendingMergePairs(namespace: string): Promise<number> {
    const state = await this.state.load(namespace);
    if (!state || state.mergeCandidates.length === 0) return 0;
    const ids = state.mergeCandidates.flatMap((c) => [c.a, c.b]);
    const alive = new Set((await this.memories.get(namespace, ids)).map((s) => s.memory.id));
    return state.mergeCandidates.filter((c) => alive.has(c.a) && alive.has(c.b)).length;
  }
}
