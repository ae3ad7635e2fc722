/** Zod schemas of the structured results of forget and restore (MCP `outputSchema`). */
import { z } from 'zod';

export const forgetOutputSchema = z.looseObject({
  mode: z.enum(['query', 'ids', 'sweep_report', 'sweep_executed', 'sweep_needs_dry_run']),
});
export const restoreOutputSchema = z.looseObject({
  status: z.enum(['restored', 'not_in_trash', 'already_exists']),
});
