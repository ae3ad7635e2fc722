/**
 * remember (behaviour §4.1): normalise, embed once, refuse near-duplicates (vector distance AND surface
 * overlap AND no number/date/negation/name difference, unless forced), save, auto-link both ways.
 * The single query for the nearest memories serves both the duplicate check and the auto-links.
 */
import { inject, injectable } from 'inversify';
import { KERNEL_TOKENS, type Clock, type IdGenerator, type Logger } from '@kioku/kernel';
import { EMBEDDINGS_TOKENS, type EmbeddingProvider } from '@kioku/embeddings';
import type { Memory } from '../../domain/memory';
import { duplicateSignals } from '../../domain/duplicate-guard';
import { MEMORY_TOKENS } from '../../memory.tokens';
import type { CallContext } from '../call-context';
import type { MemorySettings } from '../memory-settings';
import { MemoryRepository, type MemoryMatch } from '../memory.repository';
import { assertNotXmlWrapped, normalizeContent } from '../shared/memory-fields.input';
import { buildFields } from '../shared/build-memory';
import { autoLinks } from '../shared/auto-link';
import { VerifiedLinkWriter } from '../shared/verified-link-writer';
import { MemoryChangeNotifier } from '../memory-change.listener';
import type { RememberInput } from './remember.input';
import { ConversationThread } from './conversation-thread';

export type RememberResult =
  | { status: 'duplicate'; existing: Memory; distance: number }
  | { status: 'saved'; memory: Memory; linked: { memory: Memory; distance: number }[] };

@injectable()
export class RememberUseCase {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(VerifiedLinkWriter) private readonly links: VerifiedLinkWriter,
    @inject(MemoryChangeNotifier) private readonly changes: MemoryChangeNotifier,
    @inject(ConversationThread) private readonly thread: ConversationThread,
    @inject(EMBEDDINGS_TOKENS.EmbeddingProvider) private readonly embeddings: EmbeddingProvider,
    @inject(MEMORY_TOKENS.Settings) private readonly settings: MemorySettings,
    @inject(KERNEL_TOKENS.Clock) private readonly clock: Clock,
    @inject(KERNEL_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(KERNEL_TOKENS.Logger) private readonly logger: Logger,
  ) {}

  async execute(input: RememberInput, context: CallContext): Promise<RememberResult> {
    assertNotXmlWrapped({
      content: input.content,
      tags: input.tags,
      category: input.category,
      emotion: input.emotion,
    });
    const content = normalizeContent(input.content, this.settings.maxContentLength);
    const fields = buildFields(input);

    const [vector] = await this.embeddings.embed([content]);
    const neighbours = await this.memories.nearest(context.namespace, vector, this.settings.maxAutoLinks + 1);

    const duplicate = input.force ? undefined : this.findDuplicate(content, neighbours);
    if (duplicate) {
      this.logger.info('memory.duplicate_refused', {
        existingId: duplicate.memory.id,
        private: fields.isPrivate,
      });
      return { status: 'duplicate', existing: duplicate.memory, distance: duplicate.distance };
    }

    const at = this.clock.now();
    const now = at.toISOString();
    const precedingId = this.thread.preceding(context, at);
    const memory: Memory = {
      id: this.ids.next('mem'),
      content,
      createdAt: now,
      updatedAt: now,
      ...fields,
      accessCount: 0,
      lastAccessedAt: null,
      embeddingModel: this.embeddings.modelId,
      ...(precedingId ? { precedingId } : {}),
    };
    await this.memories.save(context.namespace, memory, vector, { isNew: true });
    this.thread.advance(context, memory.id, at);

    const { links, linked } = autoLinks(
      memory.id,
      neighbours,
      this.settings.linkDistance,
      this.settings.maxAutoLinks,
      now,
    );
    if (precedingId) this.thread.recordFollower(context.namespace, precedingId, memory.id);
    const kept = new Set((await this.links.save(context.namespace, links)).map((l) => l.targetId));
    await this.changes.saved(context.namespace, memory);
    this.logger.info('memory.saved', { id: memory.id, private: memory.isPrivate, links: kept.size });
    return {
      status: 'saved',
      memory,
      linked: linked
        .filter((n) => kept.has(n.memory.id))
        .map((n) => ({ memory: n.memory, distance: n.distance })),
    };
  }

  private findDuplicate(content: string, neighbours: MemoryMatch[]): MemoryMatch | undefined {
    const nearest = neighbours[0];
    if (!nearest || nearest.distance >= this.settings.dedupDistance) return undefined;
    const signals = duplicateSignals(content, nearest.memory.content);
    if (signals.surfaceOverlap < this.settings.dedupSurfaceOverlap || signals.factDifference)
      return undefined;
    return nearest;
  }
}
