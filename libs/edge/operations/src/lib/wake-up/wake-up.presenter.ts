/**
 * What wake_up answers (behaviour §4.11): a few lines, a few hundred tokens at most, and the structured
 * view that is MCP `structuredContent` and the REST body, with its schema.
 */
import { z } from 'zod';
import { relativeAge, snippet } from '@kioku/kernel';
import type { WakeUpResult } from '@kioku/consolidation';
import type { Memory } from '@kioku/memory';

const wakeUpMemorySchema = z.strictObject({
  id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  private: z.boolean(),
});
export const wakeUpOutput = z.strictObject({
  total: z.number(),
  pendingMergePairs: z.number(),
  recent: z.array(wakeUpMemorySchema),
  latestIntrospection: wakeUpMemorySchema.nullable(),
});
type WakeUpOutput = z.output<typeof wakeUpOutput>;

const PRIVATE_MEMORY_HINT = 'If something is hard to say yet, you can keep it with remember(private=true).';

export function wakeUpText(result: WakeUpResult, now: Date): string {
  const line = (m: Memory) =>
    `- [${relativeAge(new Date(m.createdAt), now)}] ${snippet(m.content, 70)} (id: ${m.id}${m.isPrivate ? ', private' : ''})`;
  const lines = [
    result.total === 0
      ? 'You have no memories yet.'
      : `You have ${result.total} ${result.total === 1 ? 'memory' : 'memories'}.`,
  ];
  if (result.recent.length > 0) lines.push('Most recent:', ...result.recent.map(line));
  if (result.latestIntrospection) {
    const m = result.latestIntrospection;
    lines.push(
      `Latest introspection (${relativeAge(new Date(m.createdAt), now)}): ${snippet(m.content, 70)}`,
    );
  }
  if (result.pendingMergePairs > 0) {
    lines.push(
      `The last consolidation found ${result.pendingMergePairs} near-duplicate pair(s) to review: run consolidate.`,
    );
  }
  lines.push(PRIVATE_MEMORY_HINT);
  return lines.join('\n');
}

export function wakeUpStructured(result: WakeUpResult): WakeUpOutput {
  const brief = (m: Memory) => ({
    id: m.id,
    content: m.content,
    createdAt: m.createdAt,
    private: m.isPrivate,
  });
  return {
    total: result.total,
    pendingMergePairs: result.pendingMergePairs,
    recent: result.recent.map(brief),
    latestIntrospection: result.latestIntrospection ? brief(result.latestIntrospection) : null,
  };
}
