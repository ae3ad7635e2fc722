/** Input of link_memories (behaviour §4.4): the wire schema (the edge's) and the use case's input. */
import { z } from 'zod';
import { LINK_TYPES, type LinkType } from '@kioku/links/schemas';
import { idString } from '../shared/memory-fields.input';

const linkMemoriesInputShape = {
  source_id: idString,
  target_id: idString,
  link_type: z.enum(LINK_TYPES).optional(),
  note: z.string().max(500).optional(),
};

export const linkMemoriesInputSchema = z.object(linkMemoriesInputShape);
export interface LinkMemoriesInput {
  sourceId: string;
  targetId: string;
  /** The link's type (default `related`). */
  type?: LinkType;
  note?: string;
}
