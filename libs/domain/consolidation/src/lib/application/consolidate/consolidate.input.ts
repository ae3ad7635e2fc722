/** Input of consolidate (behaviour §4.8): the wire schema (the edge's) and the use case's input. */
import { z } from 'zod';

const consolidateInputShape = {
  window_hours: z
    .number()
    .positive()
    .max(24 * 365)
    .optional(),
  dry_run: z.boolean().optional(),
  /** MCP, a client that lends its model: "draft" an episode summary of the window's public memories, or "save" it too. */
  episode: z.enum(['draft', 'save']).optional(),
};

export const consolidateInputSchema = z.object(consolidateInputShape);
export interface ConsolidateInput {
  /** How far back the window reaches (default 24). */
  windowHours?: number;
  /** Report what would change and write nothing. */
  dryRun?: boolean;
}
