/**
 * Memories as lines of a prompt's message: id, age, category, importance and tags, then the text (a
 * private memory's only when the prompt was asked for private ones: it is never read otherwise).
 */
import { relativeAge, snippet } from '@kioku/kernel';
import type { Memory } from '@kioku/memory';

const CONTENT_CHARS = 300;

export function memoryLine(memory: Memory, now: Date): string {
  const facts = [
    relativeAge(new Date(memory.createdAt), now),
    memory.category,
    `importance ${memory.importance}`,
    ...(memory.tags.length > 0 ? [`tags: ${memory.tags.join(', ')}`] : []),
    ...(memory.isPrivate ? ['private'] : []),
  ];
  return `- ${memory.id} (${facts.join('; ')}): ${snippet(memory.content, CONTENT_CHARS)}`;
}
