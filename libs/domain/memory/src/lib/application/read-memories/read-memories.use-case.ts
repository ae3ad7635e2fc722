/**
 * Reads memories without recalling them (MCP resources, prompts and completions): one by id, the
 * newest few, those that matter most for a subject, or all of them page by page. Reading is passive — no access is counted (and only a subject
 * is embedded). Private memories are left out unless the caller asks for them, so a client that lists
 * or attaches resources never pulls in a private one by accident.
 */
import { inject, injectable } from 'inversify';
import { KERNEL_TOKENS, type Clock } from '@kioku/kernel';
import { allOf, where } from '@kioku/vector-store';
import type { Memory } from '../../domain/memory';
import { MemoryRepository } from '../memory.repository';
import { MemoryRanker } from '../shared/memory-ranker';
import { recallFilter } from '../shared/recall-filter';
import type { CallContext } from '@kioku/call-context';

export interface ReadOptions {
  includePrivate?: boolean;
}

/** What `about` looks for: a subject, how many, and recall's category and emotion filters. */
export interface AboutOptions extends ReadOptions {
  limit: number;
  category?: string;
  emotion?: string;
}

@injectable()
export class ReadMemoriesUseCase {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(MemoryRanker) private readonly ranker: MemoryRanker,
    @inject(KERNEL_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /** The memory with this id; null when there is none, or it is private and private was not asked for. */
  async get(id: string, context: CallContext, options: ReadOptions = {}): Promise<Memory | null> {
    const found = await this.memories.getOne(context.namespace, id);
    if (!found || (found.memory.isPrivate && options.includePrivate !== true)) return null;
    return found.memory;
  }

  /** The newest `limit` memories, newest first (those created since `since`, when given). */
  newest(
    context: CallContext,
    limit: number,
    options: ReadOptions & { since?: Date } = {},
  ): Promise<Memory[]> {
    const filter = allOf(
      options.includePrivate === true ? undefined : where.eq('isPrivate', false),
      options.since === undefined ? undefined : where.gte('createdAtMs', options.since.getTime()),
    );
    return this.memories.newest(context.namespace, limit, filter, this.clock.now());
  }

  /** The memories that matter most for `subject`, best first, ranked as recall ranks them. */
  async about(subject: string, context: CallContext, options: AboutOptions): Promise<Memory[]> {
    const filter = recallFilter({
      category: options.category,
      emotion: options.emotion,
      includePrivate: options.includePrivate === true,
    });
    const ranked = await this.ranker.rank(
      context.namespace,
      subject,
      options.limit,
      filter,
      this.clock.now(),
    );
    return ranked.map((r) => r.memory);
  }

  /** Every memory of the namespace, private ones included, a page at a time (no vectors, no set order). */
  pages(context: CallContext, pageSize: number): AsyncGenerator<Memory[]> {
    return this.memories.pages(context.namespace, pageSize);
  }
}
