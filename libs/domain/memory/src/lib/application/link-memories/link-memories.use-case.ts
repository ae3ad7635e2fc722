/**
 * link_memories (behaviour §4.4): a manual link in both directions with confidence 0.5. Refuses a missing
 * memory, a self-link and an existing link of the same type.
 */
import { inject, injectable } from 'inversify';
import { AppError, KERNEL_TOKENS, type Clock, type Logger } from '@kioku/kernel';
import { LinkRepository, type Link, type LinkType } from '@kioku/links';
import type { CallContext } from '@kioku/call-context';
import type { Memory } from '../../domain/memory';
import { MemoryRepository } from '../memory.repository';
import { VerifiedLinkWriter } from '../shared/verified-link-writer';
import type { LinkMemoriesInput } from './link-memories.input';

const MANUAL_LINK_CONFIDENCE = 0.5;

export type LinkMemoriesResult =
  | { status: 'linked'; link: Link; memories: Memory[] }
  | { status: 'exists'; sourceId: string; targetId: string; type: LinkType; memories: Memory[] }
  | { status: 'not_found'; missingIds: string[] };

@injectable()
export class LinkMemoriesUseCase {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(LinkRepository) private readonly links: LinkRepository,
    @inject(VerifiedLinkWriter) private readonly linkWriter: VerifiedLinkWriter,
    @inject(KERNEL_TOKENS.Clock) private readonly clock: Clock,
    @inject(KERNEL_TOKENS.Logger) private readonly logger: Logger,
  ) {}

  async execute(input: LinkMemoriesInput, context: CallContext): Promise<LinkMemoriesResult> {
    const sourceId = input.sourceId.trim();
    const targetId = input.targetId.trim();
    const type = input.type ?? 'related';
    if (sourceId === targetId) throw AppError.invalidInput('A memory cannot be linked to itself.');

    const found = await this.memories.get(context.namespace, [sourceId, targetId]);
    const foundIds = new Set(found.map((f) => f.memory.id));
    const missingIds = [sourceId, targetId].filter((id) => !foundIds.has(id));
    if (missingIds.length > 0) return { status: 'not_found', missingIds };

    if (await this.links.find(context.namespace, sourceId, targetId, type)) {
      return { status: 'exists', sourceId, targetId, type, memories: found.map((f) => f.memory) };
    }
    const link: Link = {
      sourceId,
      targetId,
      type,
      confidence: MANUAL_LINK_CONFIDENCE,
      note: input.note?.trim() ?? '',
      createdAt: this.clock.now().toISOString(),
    };
    const [kept] = await this.linkWriter.save(context.namespace, [link]);
    if (!kept) return { status: 'not_found', missingIds: [targetId] };
    this.logger.info('memory.linked', { sourceId, targetId, type });
    return { status: 'linked', link, memories: found.map((f) => f.memory) };
  }
}
