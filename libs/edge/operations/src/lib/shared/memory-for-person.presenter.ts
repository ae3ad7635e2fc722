/**
 * How a memory is named in a question to the person behind an MCP client (elicitation): its id, its
 * age and a snippet of a public memory's text. A private memory's text never appears: it is named by
 * its category alone, since a client may show or keep the question where the memory was never meant
 * to go.
 */
import { relativeAge, snippet } from '@kioku/kernel';
import type { Memory } from '@kioku/memory';

const SNIPPET_CHARS = 70;

export function memoryForPerson(memory: Memory, now: Date): string {
  const age = relativeAge(new Date(memory.createdAt), now);
  return memory.isPrivate
    ? `${memory.id} (${age}): a private memory (${memory.category})`
    : `${memory.id} (${age}): "${snippet(memory.content, SNIPPET_CHARS)}"`;
}

/** What happens to the `count` memories deleted, in a sentence for the person; `what` names them. */
export function trashLine(
  trashRetentionDays: number,
  count: number,
  what = count === 1 ? 'It' : 'They',
): string {
  if (trashRetentionDays <= 0) return 'The trash is off: this cannot be undone.';
  const [goes, it] = count === 1 ? ['goes', 'it'] : ['go', 'them'];
  return `${what} ${goes} to the trash: restore brings ${it} back for ${trashRetentionDays} days.`;
}
