/**
 * Changes the content and/or metadata of one memory (behaviour §4.3): update_memory's work, and how a
 * merge rewrites the kept memory. A content change re-embeds once, drops the memory's stale `similar`
 * links and re-runs auto-linking. This is also how a memory is pinned or unpinned (importance 5 ⇄
 * lower) and made private or public.
 */
import { inject, injectable } from 'inversify';
import { KERNEL_TOKENS, type Clock, type Logger } from '@kioku/kernel';
import { EMBEDDINGS_TOKENS, type EmbeddingProvider } from '@kioku/embeddings';
import { LinkRepository } from '@kioku/links';
import type { Memory } from '../../domain/memory';
import {
  normalizeCategory,
  normalizeEmotion,
  normalizeImportance,
  normalizeTags,
} from '../../domain/normalize';
import { MEMORY_TOKENS } from '../../memory.tokens';
import type { MemorySettings } from '../../memory-settings';
import { MemoryRepository } from '../memory.repository';
import {
  assertImportanceIsNumber,
  assertNotXmlWrapped,
  normalizeContent,
  type MemoryFields,
} from './memory-fields.input';
import { autoLinks } from './auto-link';
import { VerifiedLinkWriter } from './verified-link-writer';
import { MemoryChangeNotifier } from '../memory-change.listener';

/** The memory by id and the fields that change (update_memory's input; the memory fields as on the wire). */
export type MemoryUpdate = { memoryId: string; content?: string } & MemoryFields;

/** A field an update changed, by its name in results (`private` for the stored `isPrivate`). */
type ChangedField = 'content' | 'category' | 'importance' | 'emotion' | 'tags' | 'private';

export type UpdateMemoryResult =
  | { status: 'not_found'; memoryId: string }
  | { status: 'unchanged'; memory: Memory }
  | { status: 'updated'; before: Memory; memory: Memory; changed: ChangedField[]; relinked: number };

@injectable()
export class MemoryUpdater {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(LinkRepository) private readonly links: LinkRepository,
    @inject(VerifiedLinkWriter) private readonly linkWriter: VerifiedLinkWriter,
    @inject(MemoryChangeNotifier) private readonly changes: MemoryChangeNotifier,
    @inject(EMBEDDINGS_TOKENS.EmbeddingProvider) private readonly embeddings: EmbeddingProvider,
    @inject(MEMORY_TOKENS.Settings) private readonly settings: MemorySettings,
    @inject(KERNEL_TOKENS.Clock) private readonly clock: Clock,
    @inject(KERNEL_TOKENS.Logger) private readonly logger: Logger,
  ) {}

  async update(namespace: string, input: MemoryUpdate): Promise<UpdateMemoryResult> {
    assertNotXmlWrapped({
      content: input.content,
      tags: input.tags,
      category: input.category,
      emotion: input.emotion,
    });
    assertImportanceIsNumber(input.importance);
    const content =
      input.content === undefined
        ? undefined
        : normalizeContent(input.content, this.settings.maxContentLength);
    const stored = await this.memories.getOne(namespace, input.memoryId.trim(), true);
    if (!stored) return { status: 'not_found', memoryId: input.memoryId };
    const before = stored.memory;

    const after = applyChanges(before, input, content);
    const changed = changedFields(before, after);
    if (changed.length === 0) return { status: 'unchanged', memory: before };

    const now = this.clock.now().toISOString();
    const memory: Memory = { ...after, updatedAt: now };
    if (!changed.includes('content')) {
      await this.memories.save(namespace, memory, stored.vector);
      await this.changes.updated(namespace, before, memory);
      this.logger.info('memory.updated', { id: memory.id, changed, private: memory.isPrivate });
      return { status: 'updated', before, memory, changed, relinked: 0 };
    }

    const [vector] = await this.embeddings.embed([memory.content]);
    memory.embeddingModel = this.embeddings.modelId;
    await this.memories.save(namespace, memory, vector);
    const stale = await this.links.linksFrom(namespace, [memory.id], 'similar');
    await this.links.removeBoth(namespace, stale);
    const neighbours = await this.memories.nearest(namespace, vector, this.settings.maxAutoLinks + 1);
    const { links } = autoLinks(
      memory.id,
      neighbours,
      this.settings.linkDistance,
      this.settings.maxAutoLinks,
      now,
    );
    const kept = await this.linkWriter.save(namespace, links);
    await this.changes.updated(namespace, before, memory);
    this.logger.info('memory.updated', {
      id: memory.id,
      changed,
      private: memory.isPrivate,
      links: kept.length,
    });
    return { status: 'updated', before, memory, changed, relinked: kept.length };
  }
}

function applyChanges(memory: Memory, input: MemoryUpdate, content: string | undefined): Memory {
  const emotionChanged =
    input.emotion !== undefined ||
    input.secondary !== undefined ||
    input.intensity !== undefined ||
    input.valence !== undefined ||
    input.arousal !== undefined;
  const primaryChanged = input.emotion !== undefined && input.emotion !== memory.emotion.primary;
  const emotion = emotionChanged
    ? normalizeEmotion({
        primary: input.emotion ?? memory.emotion.primary,
        secondary: input.secondary ?? memory.emotion.secondary,
        // A new primary emotion brings its own defaults unless numbers are given.
        intensity: input.intensity ?? (primaryChanged ? undefined : memory.emotion.intensity),
        valence: input.valence ?? (primaryChanged ? undefined : memory.emotion.valence),
        arousal: input.arousal ?? (primaryChanged ? undefined : memory.emotion.arousal),
      })
    : memory.emotion;
  return {
    ...memory,
    content: content ?? memory.content,
    category: input.category === undefined ? memory.category : normalizeCategory(input.category),
    importance: input.importance === undefined ? memory.importance : normalizeImportance(input.importance),
    emotion,
    tags: input.tags === undefined ? memory.tags : normalizeTags(input.tags),
    isPrivate: input.private === undefined ? memory.isPrivate : input.private,
  };
}

function changedFields(before: Memory, after: Memory): ChangedField[] {
  const fields = ['content', 'category', 'importance', 'emotion', 'tags', 'isPrivate'] as const;
  return fields
    .filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))
    .map((f) => (f === 'isPrivate' ? 'private' : f));
}
