/**
 * What link_memories answers (behaviour §4.4): the link as text, and the structured view that is MCP
 * `structuredContent` and the REST body, with its schema (linked, already linked, or ids missing).
 */
import { z } from 'zod';
import { LINK_TYPES } from '@kioku/links/schemas';
import type { LinkMemoriesResult } from '@kioku/memory';
import { notFoundText } from '../shared/compose-response.presenter';
import { memoriesMissingSchema, memoryRefSchema } from '../shared/memory-view.presenter';
import type { VariantFor } from '../shared/output-schema';

export const linkMemoriesOutput = z.discriminatedUnion('status', [
  z.strictObject({
    status: z.literal('linked'),
    sourceId: z.string(),
    targetId: z.string(),
    type: z.enum(LINK_TYPES),
    confidence: z.number(),
    memories: z.array(memoryRefSchema),
  }),
  z.strictObject({
    status: z.literal('exists'),
    sourceId: z.string(),
    targetId: z.string(),
    type: z.enum(LINK_TYPES),
    memories: z.array(memoryRefSchema),
  }),
  memoriesMissingSchema,
]);
type LinkMemoriesOutput = z.output<typeof linkMemoriesOutput>;

export function linkMemoriesText(result: LinkMemoriesResult): string {
  switch (result.status) {
    case 'linked':
      return `Linked ${result.link.sourceId} ↔ ${result.link.targetId} (type: ${result.link.type})`;
    case 'exists':
      return `Link already exists: ${result.sourceId} ↔ ${result.targetId} (type: ${result.type})`;
    case 'not_found':
      return notFoundText(result.missingIds.join(', '));
  }
}

export function linkMemoriesStructured<R extends LinkMemoriesResult>(
  result: R,
): VariantFor<LinkMemoriesOutput, 'status', R>;
export function linkMemoriesStructured(result: LinkMemoriesResult): LinkMemoriesOutput {
  switch (result.status) {
    case 'linked':
      return {
        status: result.status,
        sourceId: result.link.sourceId,
        targetId: result.link.targetId,
        type: result.link.type,
        confidence: result.link.confidence,
        memories: result.memories.map((m) => ({ id: m.id, private: m.isPrivate })),
      };
    case 'exists':
      return {
        status: result.status,
        sourceId: result.sourceId,
        targetId: result.targetId,
        type: result.type,
        memories: result.memories.map((m) => ({ id: m.id, private: m.isPrivate })),
      };
    case 'not_found':
      return { status: result.status, missingIds: result.missingIds };
  }
}
