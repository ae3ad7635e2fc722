/**
 * What remember answers (behaviour §4.1): the text the agent reads, and the structured view that is
 * MCP `structuredContent` and the REST body, with its schema (saved, or a near-duplicate not saved).
 */
import { z } from 'zod';
import { relativeAge, similarityText, snippet, toSimilarity } from '@kioku/kernel';
import type { RememberResult } from '@kioku/memory';
import { composeResponse } from '../shared/compose-response.presenter';
import { memoryView, memoryViewSchema } from '../shared/memory-view.presenter';
import type { VariantFor } from '../shared/output-schema';
import { round2 } from '../shared/rounding';

export const rememberOutput = z.discriminatedUnion('status', [
  z.strictObject({
    status: z.literal('saved'),
    memory: memoryViewSchema,
    linked: z.array(z.strictObject({ id: z.string(), similarity: z.number(), private: z.boolean() })),
  }),
  z.strictObject({
    status: z.literal('duplicate'),
    existing: memoryViewSchema,
    similarity: z.number(),
  }),
]);
type RememberOutput = z.output<typeof rememberOutput>;

export function rememberText(result: RememberResult, now: Date): string {
  if (result.status === 'duplicate') {
    const e = result.existing;
    return composeResponse(
      'Not saved — very similar memory already exists.\n' +
        `Existing (id: ${e.id}, ${relativeAge(new Date(e.createdAt), now)}): ${snippet(e.content, 120)}\n` +
        `Similarity: ${similarityText(result.distance)}\n` +
        'If this is a meaningful update, use recall to review the existing memory and consider whether the new perspective adds value.',
      'Is there truly something new here, or is this a repetition?\n' +
        'If your understanding has deepened, try expressing what changed specifically.',
    );
  }
  const lines = [
    result.memory.isPrivate
      ? `Saved privately (id: ${result.memory.id}).`
      : `Saved (id: ${result.memory.id}).`,
  ];
  if (result.linked.length > 0) {
    lines.push(`Linked to ${result.linked.length} existing memories.`);
    for (const l of result.linked.slice(0, 3)) {
      lines.push(
        `- [${relativeAge(new Date(l.memory.createdAt), now)}] ${snippet(l.memory.content, 70)} (similarity: ${similarityText(l.distance)})`,
      );
    }
  }
  return composeResponse(
    lines.join('\n'),
    'Do any of these connections surprise you? Is there a pattern forming?',
  );
}

export function rememberStructured<R extends RememberResult>(
  result: R,
): VariantFor<RememberOutput, 'status', R>;
export function rememberStructured(result: RememberResult): RememberOutput {
  if (result.status === 'duplicate') {
    return {
      status: 'duplicate',
      existing: memoryView(result.existing),
      similarity: round2(toSimilarity(result.distance)),
    };
  }
  return {
    status: 'saved',
    memory: memoryView(result.memory),
    linked: result.linked.map((l) => ({
      id: l.memory.id,
      similarity: round2(toSimilarity(l.distance)),
      private: l.memory.isPrivate,
    })),
  };
}
