/** link_memories: link two memories in both directions (behaviour §4.4). */
import type { LinkMemoriesResult } from '@kioku/memory';
import { linkMemoriesInputSchema } from '@kioku/memory/schemas';
import { created } from '../http-responses';
import { defineOperation, httpRoute, WRITE_HINTS } from '../operation';
import { linkExists, memoryNotFound } from '../rest.errors';
import { variant } from '../shared/output-schema';
import { linkMemoriesOutput, linkMemoriesStructured, linkMemoriesText } from './link-memories.presenter';

export const linkMemories = defineOperation({
  id: 'link_memories',
  title: 'Link two memories',
  description: 'Link two memories by id in both directions.',
  hints: { ...WRITE_HINTS, idempotentHint: true },
  input: linkMemoriesInputSchema,
  output: linkMemoriesOutput,
  run: async (container, input, context) => {
    const { LinkMemoriesUseCase } = await import('@kioku/memory');
    return container
      .get(LinkMemoriesUseCase)
      .execute(
        { sourceId: input.source_id, targetId: input.target_id, type: input.link_type, note: input.note },
        context,
      );
  },
  text: linkMemoriesText,
  structured: linkMemoriesStructured,
  http: [
    httpRoute({
      method: 'POST',
      path: '/v1/links',
      tag: 'memories',
      responses: { 201: { description: 'Linked', schema: variant(linkMemoriesOutput, 'linked') } },
      problems: ['MEMORY_NOT_FOUND', 'LINK_EXISTS'],
      respond: (result: LinkMemoriesResult) => {
        if (result.status === 'not_found') throw memoryNotFound(...result.missingIds);
        if (result.status === 'exists') throw linkExists(result.type);
        return created(linkMemoriesStructured(result));
      },
    }),
  ],
});
