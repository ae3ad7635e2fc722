/**
 * Zod schemas of the structured results of forget (one variant per mode) and restore (one per
 * status): every field, strict objects. `*ToolOutputSchema` is the one-object form for the MCP
 * `outputSchema`; the REST routes use the variants they can answer with.
 */
import { z } from 'zod';
import { unconfirmedAnswerSchema } from '../person/unconfirmed-answer';
import { toolOutputSchema } from '../shared/tool-output';

const sweepSampleSchema = z.strictObject({
  id: z.string(),
  risk: z.number(),
  heat: z.number(),
  days: z.number(),
});

export const forgetQuerySchema = z.strictObject({
  mode: z.literal('query'),
  candidates: z.array(
    z.strictObject({ id: z.string(), content: z.string(), similarity: z.number(), private: z.boolean() }),
  ),
});
export const forgetIdsSchema = z.strictObject({
  mode: z.literal('ids'),
  forgotten: z.array(z.string()),
  pending: z.array(z.strictObject({ id: z.string(), requestCount: z.number(), requestedAt: z.string() })),
  notFound: z.array(z.string()),
  refused: z.array(z.strictObject({ id: z.string(), reason: z.enum(['pinned', 'protected_category']) })),
  /** Null when the trash is off. */
  restorableUntil: z.string().nullable(),
});
export const sweepReportSchema = z.strictObject({
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
export const sweepExecutedSchema = z.strictObject({
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
const forgetVariants = [
  forgetQuerySchema,
  forgetIdsSchema,
  sweepReportSchema,
  sweepExecutedSchema,
  sweepNeedsDryRunSchema,
  forgetNotConfirmedSchema,
] as const;
export const forgetOutputSchema = z.discriminatedUnion('mode', [...forgetVariants]);
export const forgetToolOutputSchema = toolOutputSchema('mode', forgetVariants);
export type ForgetOutput = z.output<typeof forgetOutputSchema>;

export const restoredSchema = z.strictObject({
  status: z.literal('restored'),
  memoryId: z.string(),
  linksRestored: z.number(),
  linksSkipped: z.number(),
});
const notInTrashSchema = z.strictObject({ status: z.literal('not_in_trash'), memoryId: z.string() });
const alreadyExistsSchema = z.strictObject({ status: z.literal('already_exists'), memoryId: z.string() });
const restoreVariants = [restoredSchema, notInTrashSchema, alreadyExistsSchema] as const;
export const restoreOutputSchema = z.discriminatedUnion('status', [...restoreVariants]);
export const restoreToolOutputSchema = toolOutputSchema('status', restoreVariants);
export type RestoreOutput = z.output<typeof restoreOutputSchema>;
