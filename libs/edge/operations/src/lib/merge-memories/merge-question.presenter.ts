/**
 * The question merge_memories puts to the person behind an MCP client before it folds one memory into
 * another (elicitation): both memories, named without a private memory's text, and the new content
 * when the agent gave one — withheld when either memory is private, since it may quote it.
 */
import { snippet } from '@kioku/kernel';
import type { Memory } from '@kioku/memory';
import { memoryForPerson, trashLine } from '../shared/memory-for-person.presenter';

const CONTENT_CHARS = 200;

export function mergeQuestion(
  pair: { keep: Memory; remove: Memory; mergedContent?: string },
  now: Date,
  trashRetentionDays: number,
): string {
  const { keep, remove, mergedContent } = pair;
  const lines = [
    'Merge two memories? The second is folded into the first and removed.',
    `- keep: ${memoryForPerson(keep, now)}`,
    `- remove: ${memoryForPerson(remove, now)}`,
  ];
  if (mergedContent !== undefined)
    lines.push(
      keep.isPrivate || remove.isPrivate
        ? 'The kept memory gets new content (not shown: a private memory is involved).'
        : `The kept memory's new content: "${snippet(mergedContent, CONTENT_CHARS)}"`,
    );
  lines.push(trashLine(trashRetentionDays, 1, 'The removed memory'));
  return lines.join('\n');
}
