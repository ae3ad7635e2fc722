/**
 * What update_memory answers (behaviour §4.3): what changed as text, and the structured view that is
 * MCP `structuredContent` and the REST body, with its schema (updated, unchanged or not found).
 */
import { z } from 'zod';
import type { UpdateMemoryResult } from '@kioku/memory';
import { notFoundText } from '../shared/compose-response.presenter';
import { memoryView, memoryViewSchema } from '../shared/memory-view.presenter';
import type { VariantFor } from '../shared/output-schema';

/** The fields update_memory reports as changed (`private` for the stored `isPrivate`). */
const CHANGED_FIELDS = ['content', 'category', 'importance', 'emotion', 'tags', 'private'] as const;

export const updateMemoryOutput = z.discriminatedUnion('status', [
  z.strictObject({
    status: z.literal('updated'),
    memory: memoryViewSchema,
    changed: z.array(z.enum(CHANGED_FIELDS)),
    relinked: z.number(),
  }),
  z.strictObject({ status: z.literal('unchanged'), memory: memoryViewSchema }),
  z.strictObject({ status: z.literal('not_found'), memoryId: z.string() }),
]);
type UpdateMemoryOutput = z.output<typeof updateMemoryOutput>;

export function updateMemoryText(result: UpdateMemoryResult): string {
  switch (result.status) {
    case 'not_found':
      return notFoundText(result.memoryId);
    case 'unchanged':
      return `Nothing changed (id: ${result.memory.id}).`;
    case 'updated': {
      const lines = [`Updated (id: ${result.memory.id}): ${result.changed.join(', ')}.`];
      if (result.changed.includes('importance')) {
        const pinned = result.memory.importance === 5;
        const wasPinned = result.before.importance === 5;
        if (pinned !== wasPinned) lines.push(pinned ? 'Pinned: protected from forgetting.' : 'Unpinned.');
      }
      if (result.changed.includes('private')) {
        lines.push(
          result.memory.isPrivate ? 'Now private: kept out of workspace files and logs.' : 'Now public.',
        );
      }
      if (result.changed.includes('content'))
        lines.push(`Re-embedded and re-linked to ${result.relinked} similar memories.`);
      return lines.join('\n');
    }
  }
}

export function updateMemoryStructured<R extends UpdateMemoryResult>(
  result: R,
): VariantFor<UpdateMemoryOutput, 'status', R>;
export function updateMemoryStructured(result: UpdateMemoryResult): UpdateMemoryOutput {
  switch (result.status) {
    case 'not_found':
      return { status: result.status, memoryId: result.memoryId };
    case 'unchanged':
      return { status: result.status, memory: memoryView(result.memory) };
    case 'updated':
      return {
        status: result.status,
        memory: memoryView(result.memory),
        changed: result.changed,
        relinked: result.relinked,
      };
  }
}
