/** Input of link_memories (behaviour §4.4). */
import { z } from 'zod';
import { LINK_TYPES } from '@kioku/links/schemas';
import { idString } from '../shared/memory-fields.input';

export const linkMemoriesInputShape = {
  source_id: idString,
  target_id: idString,
  link_type: z.enum(LINK_TYPES).optional(),
  note: z.string().max(500).optional(),
};

export const linkMemoriesInputSchema = z.object(linkMemoriesInputShape);
export type LinkMemoriesInput = z.infer<typeof linkMemoriesInputSchema>;
