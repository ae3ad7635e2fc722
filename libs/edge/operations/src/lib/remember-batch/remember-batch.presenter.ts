/**
 * What a batch remember says: the counts, then one line per item in input order (saved with its id,
 * a duplicate with the memory it repeats, or why the item was refused); and its structured view, each
 * item as remember's own view or an error.
 */
import { z } from 'zod';
import type { RememberItemResult } from '@kioku/memory';
import { rememberOutput, rememberStructured } from '../remember/remember.presenter';

export const rememberBatchOutput = z.strictObject({
  saved: z.number(),
  duplicates: z.number(),
  errors: z.number(),
  /** One per input item, in input order: remember's own view, or why the item was refused. */
  results: z.array(
    z.discriminatedUnion('status', [
      ...rememberOutput.options,
      z.strictObject({
        status: z.literal('error'),
        error: z.strictObject({ code: z.string(), message: z.string() }),
      }),
    ]),
  ),
});
type RememberBatchOutput = z.output<typeof rememberBatchOutput>;

export function rememberBatchStructured(results: RememberItemResult[]): RememberBatchOutput {
  return {
    saved: count(results, 'saved'),
    duplicates: count(results, 'duplicate'),
    errors: count(results, 'error'),
    results: results.map((result) =>
      result.status === 'error'
        ? { status: 'error', error: { code: result.error.code, message: result.error.message } }
        : rememberStructured(result),
    ),
  };
}

export function rememberBatchText(results: RememberItemResult[]): string {
  const lines = [
    `Saved ${count(results, 'saved')} of ${results.length} ` +
      `(${count(results, 'duplicate')} near-duplicates not saved, ${count(results, 'error')} refused).`,
  ];
  results.forEach((result, i) => {
    if (result.status === 'saved')
      lines.push(
        `${i + 1}. Saved${result.memory.isPrivate ? ' privately' : ''} (id: ${result.memory.id}` +
          `${result.linked.length > 0 ? `, linked to ${result.linked.length}` : ''}).`,
      );
    else if (result.status === 'duplicate')
      lines.push(`${i + 1}. Not saved: very similar to ${result.existing.id}.`);
    else lines.push(`${i + 1}. Refused: ${result.error.code}: ${result.error.message}`);
  });
  return lines.join('\n');
}

function count(results: RememberItemResult[], status: RememberItemResult['status']): number {
  return results.filter((r) => r.status === status).length;
}
