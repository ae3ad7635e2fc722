/**
 * What recall answers (behaviour §4.2): the ranked memories as text, and the structured view that is
 * MCP `structuredContent` and the REST body, with its schema.
 */
import { z } from 'zod';
import { relativeAge } from '@kioku/kernel';
import type { RecallResult } from '@kioku/memory';
import { composeResponse } from '../shared/compose-response.presenter';
import { memoryView, memoryViewSchema } from '../shared/memory-view.presenter';
import { round2, round4 } from '../shared/rounding';

export const recallOutput = z.strictObject({
  results: z.array(
    z.strictObject({
      ...memoryViewSchema.shape,
      similarity: z.number(),
      score: z.number(),
      source: z.enum(['vector', 'lexical', 'context', 'link']),
    }),
  ),
});
type RecallOutput = z.output<typeof recallOutput>;

export function recallText(result: RecallResult, now: Date): string {
  if (result.results.length === 0) return 'No related memories found.';
  const count = result.results.length;
  const lines = [`${count} related ${count === 1 ? 'memory' : 'memories'}:`];
  result.results.forEach((r, i) => {
    const m = r.memory;
    lines.push(
      `${i + 1}. [${relativeAge(new Date(m.createdAt), now)}] ${m.content} ` +
        `(id: ${m.id}, emotion: ${m.emotion.primary}, importance: ${m.importance}, similarity: ${r.similarity.toFixed(2)}, private: ${m.isPrivate})`,
    );
  });
  return composeResponse(lines.join('\n'), 'How do these memories connect to the current moment?');
}

export function recallStructured(result: RecallResult): RecallOutput {
  return {
    results: result.results.map((r) => ({
      ...memoryView(r.memory),
      similarity: round2(r.similarity),
      score: round4(r.score),
      source: r.source,
    })),
  };
}
