/**
 * What forget answers (behaviour §4.5, §7; design note 000 texts): the text the agent reads, and the
 * structured view that is MCP `structuredContent` and the REST body, with its schema: one variant per
 * mode (candidates for a query, ids, the auto-forget sweep, or the person's answer when not yes).
 */
import { z } from 'zod';
import type { ForgetResult, ProtectedRefusal } from '@kioku/forgetting';
import type { VariantFor } from '../shared/output-schema';
import { round2 } from '../shared/rounding';
import { unconfirmedAnswerSchema } from '../shared/unconfirmed-answer.presenter';
import { queryText, sweepReportText } from './forget-candidates.presenter';
import { idsText, notConfirmedText, restoreLine, type ForgetNotConfirmed } from './forget-ids.presenter';

/** What forget answers over MCP: the use case's result, or the person's answer when it was not yes. */
export type ForgetOutcome = ForgetResult | ForgetNotConfirmed;

const sweepSampleSchema = z.strictObject({
  id: z.string(),
  risk: z.number(),
  heat: z.number(),
  days: z.number(),
});

const forgetQuerySchema = z.strictObject({
  mode: z.literal('query'),
  candidates: z.array(
    z.strictObject({ id: z.string(), content: z.string(), similarity: z.number(), private: z.boolean() }),
  ),
});
const forgetIdsSchema = z.strictObject({
  mode: z.literal('ids'),
  forgotten: z.array(z.string()),
  pending: z.array(z.strictObject({ id: z.string(), requestCount: z.number(), requestedAt: z.string() })),
  notFound: z.array(z.string()),
  refused: z.array(z.strictObject({ id: z.string(), reason: z.enum(['pinned', 'protected_category']) })),
  /** Null when the trash is off. */
  restorableUntil: z.string().nullable(),
});
const sweepReportSchema = z.strictObject({
  mode: z.literal('sweep_report'),
  scanned: z.number(),
  toDrop: z.number(),
  toCompress: z.number(),
  /** Pinned or in a protected category: never dropped. */
  protected: z.number(),
  sampleIdsToDrop: z.array(sweepSampleSchema),
  sampleIdsToCompress: z.array(sweepSampleSchema),
  /** Protected memories with the risk they would have without protection. */
  sampleIdsProtected: z.array(sweepSampleSchema),
});
const sweepExecutedSchema = z.strictObject({
  mode: z.literal('sweep_executed'),
  dropped: z.array(z.string()),
  kept: z.array(z.string()),
  restorableUntil: z.string().nullable(),
});
const sweepNeedsDryRunSchema = z.strictObject({ mode: z.literal('sweep_needs_dry_run') });
/** MCP only: the person was asked to confirm and did not; nothing was deleted. */
const forgetNotConfirmedSchema = z.strictObject({
  mode: z.literal('not_confirmed'),
  answer: unconfirmedAnswerSchema,
  asked: z.array(z.string()),
  notFound: z.array(z.string()),
  refused: forgetIdsSchema.shape.refused,
});
export const forgetOutput = z.discriminatedUnion('mode', [
  forgetQuerySchema,
  forgetIdsSchema,
  sweepReportSchema,
  sweepExecutedSchema,
  sweepNeedsDryRunSchema,
  forgetNotConfirmedSchema,
]);
type ForgetOutput = z.output<typeof forgetOutput>;

export function forgetText(result: ForgetOutcome, now: Date): string {
  switch (result.mode) {
    case 'query':
      return queryText(result.query, result.candidates, now);
    case 'ids':
      return idsText(result, now);
    case 'sweep_report':
      return sweepReportText(result.scan, result.confirmWithin);
    case 'sweep_executed':
      return (
        `Auto-forget executed: dropped ${result.drop.dropped.length} memories` +
        (result.drop.kept.length > 0
          ? `, kept ${result.drop.kept.length} no longer due (accessed, pinned, protected or gone).`
          : '.') +
        // Nothing dropped: nothing to restore, whatever the trash setting.
        (result.drop.dropped.length > 0 ? restoreLine(result.restorableUntil) : '')
      );
    case 'sweep_needs_dry_run':
      return `Nothing was deleted: run forget with sweep: true first (a dry run), review it, then call forget with sweep: true, dry_run: false within ${result.confirmWithin}.`;
    case 'not_confirmed':
      return notConfirmedText(result);
  }
}

export function forgetStructured<R extends ForgetOutcome>(result: R): VariantFor<ForgetOutput, 'mode', R>;
export function forgetStructured(result: ForgetOutcome): ForgetOutput {
  switch (result.mode) {
    case 'query':
      return {
        mode: result.mode,
        candidates: result.candidates.map((c) => ({
          id: c.memory.id,
          content: c.memory.content,
          similarity: round2(c.similarity),
          private: c.memory.isPrivate,
        })),
      };
    case 'ids':
      return {
        mode: result.mode,
        forgotten: result.forgotten.map((m) => m.id),
        pending: result.pending.map((p) => ({
          id: p.memoryId,
          requestCount: p.requestCount,
          requestedAt: new Date(p.requestedAt).toISOString(),
        })),
        notFound: result.notFound,
        refused: refusedView(result.refused),
        restorableUntil: result.restorableUntil,
      };
    case 'sweep_report':
      return {
        mode: result.mode,
        scanned: result.scan.scanned,
        toDrop: result.scan.toDrop,
        toCompress: result.scan.toCompress,
        protected: result.scan.protected,
        sampleIdsToDrop: result.scan.samplesToDrop,
        sampleIdsToCompress: result.scan.samplesToCompress,
        sampleIdsProtected: result.scan.samplesProtected,
      };
    case 'sweep_executed':
      return {
        mode: result.mode,
        dropped: result.drop.dropped,
        kept: result.drop.kept,
        restorableUntil: result.restorableUntil,
      };
    case 'sweep_needs_dry_run':
      return { mode: result.mode };
    case 'not_confirmed':
      return {
        mode: result.mode,
        answer: result.answer,
        asked: result.asked,
        notFound: result.notFound,
        refused: refusedView(result.refused),
      };
  }
}

function refusedView(refused: ProtectedRefusal[]) {
  return refused.map((r) => ({ id: r.memory.id, reason: r.reason }));
}
