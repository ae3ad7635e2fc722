/**
 * wake_up (SPEC §4.11, seed 003 FR-5): a short orientation at the start of a session — how many
 * memories, the few most recent, the latest introspection, and one line offering private memory
 * without telling the agent when to use it. Reads only; tracks no access.
 */
import { inject, injectable } from 'inversify';
import { KERNEL_TOKENS, type Clock } from '@kioku/kernel';
import { MemoryRepository, type CallContext, type Memory } from '@kioku/memory';
import { where } from '@kioku/vector-store';

const RECENT = 3;

export interface WakeUpResult {
  total: number;
  recent: Memory[];
  latestIntrospection: Memory | null;
}

@injectable()
export class WakeUpUseCase {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(KERNEL_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(_input: Record<string, never>, context: CallContext): Promise<WakeUpResult> {
    const now = this.clock.now();
    const [total, recent, introspections] = await Promise.all([
      this.memories.count(context.namespace),
      this.memories.newest(context.namespace, RECENT, undefined, now),
      this.memories.newest(context.namespace, 1, where.eq('category', 'introspection'), now),
    ]);
    return { total, recent, latestIntrospection: introspections[0] ?? null };
  }
}
