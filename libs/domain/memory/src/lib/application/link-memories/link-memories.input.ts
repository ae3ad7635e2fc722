/** Input of link_memories (SPEC §4.4). */
import { z } from 'zod';
import { LINK_TYPES } from '@kioku/links/schemas';

export const linkMemoriesInputShape = {
  source_id: z.string(),
  target_id: z.string(),
  link_type: z.enum(LINK_TYPES).optional(),
  note: z.string().max(500).optional(),
};

export const linkMemoriesInputSchema = z.object(linkMemoriesInputShape);
export type LinkMemoriesInput = z.infer<typeof linkMemoriesInputSchema>;
