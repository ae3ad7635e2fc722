/**
 * Reads memories without recalling them (MCP resources): one by id, or the newest few. Reading is
 * passive — no access is counted, nothing is embedded. Private memories are left out unless the
 * caller asks for them, so a client that lists or attaches resources never pulls in a private one by
 * accident.
 */
import { inject, injectable } from 'inversify';
import { KERNEL_TOKENS, type Clock } from '@kioku/kernel';
import { where } from '@kioku/vector-store';
import type { Memory } from '../../domain/memory';
import { MemoryRepository } from '../memory.repository';
import type { CallContext } from '@kioku/call-context';

export interface ReadOptions {
  includePrivate?: boolean;
}

@injectable()
export class ReadMemoriesUseCase {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(KERNEL_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /** The memory with this id; null when there is none, or it is private and private was not asked for. */
  async get(id: string, context: CallContext, options: ReadOptions = {}): Promise<Memory | null> {
    const found = await this.memories.getOne(context.namespace, id);
    if (!found || (found.memory.isPrivate && options.includePrivate !== true)) return null;
    return found.memory;
  }

  /** The newest `limit` memories, newest first. */
  newest(context: CallContext, limit: number, options: ReadOptions = {}): Promise<Memory[]> {
    const filter = options.includePrivate === true ? undefined : where.eq('isPrivate', false);
    return this.memories.newest(context.namespace, limit, filter, this.clock.now());
  }
}
