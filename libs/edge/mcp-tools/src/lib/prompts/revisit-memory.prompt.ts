/**
 * `revisit_memory`: one memory with its links and episodes, to decide with the user whether it is
 * still true and worth keeping. A private memory only when asked for (otherwise, like its resource, it
 * is not found); a linked private memory is named, not quoted, unless private ones were asked for.
 */
import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import { relativeAge, snippet } from '@kioku/kernel';
import { idString } from '@kioku/memory/schemas';
import { memoryLine } from './memory-lines';
import { definePrompt } from './prompt';
import { includePrivateArgument } from './prompt-arguments';

export const revisitMemory = definePrompt({
  name: 'revisit_memory',
  title: 'Revisit a memory',
  description:
    'Look at one memory with its links and episodes, and decide whether to keep, correct, link, merge or forget it.',
  arguments: (complete) => ({
    memory_id: completable(
      idString.describe('The memory, by id (ids complete by prefix).'),
      complete.memoryIds,
    ),
    include_private: includePrivateArgument(complete),
  }),
  message: async ({ memory_id, include_private }, { container, context, now }) => {
    const includePrivate = include_private === 'true';
    const { InspectMemoryUseCase } = await import('@kioku/episodes');
    const found = await container.get(InspectMemoryUseCase).execute({ memoryId: memory_id.trim() }, context);
    if (found.status === 'not_found' || (found.memory.isPrivate && !includePrivate))
      throw new McpError(ErrorCode.InvalidParams, `Memory not found: ${memory_id}`);
    const { memory } = found;
    const lines = [
      "Let's revisit this memory:",
      memoryLine(memory, now),
      `(emotion: ${memory.emotion.primary}; last used ${memory.lastAccessedAt ? relativeAge(new Date(memory.lastAccessedAt), now) : 'never'})`,
    ];
    if (found.links.length > 0)
      lines.push(
        'Linked memories:',
        ...found.links.map(({ link, memory: other }) =>
          other.isPrivate && !includePrivate
            ? `- ${link.type} (${link.confidence.toFixed(2)}) ${other.id}: a private memory`
            : `- ${link.type} (${link.confidence.toFixed(2)}) ${other.id}: ${snippet(other.content, 120)}`,
        ),
      );
    if (found.episodes.length > 0)
      lines.push(
        'Episodes:',
        ...found.episodes.map((episode) => `- ${episode.id}: ${snippet(episode.summary, 120)}`),
      );
    lines.push(
      '',
      'Is it still true, and still worth keeping? Suggest one: keep it as it is; correct it with update_memory; link it to related memories with link_memories (recall finds them); merge it with a near-duplicate (merge_memories); or forget it (I will confirm). Ask me before changing anything.',
    );
    return lines.join('\n');
  },
});
