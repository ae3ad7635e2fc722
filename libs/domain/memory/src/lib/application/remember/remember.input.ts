/** Input of remember (behaviour §4.1): the zod shape shared by the MCP tool and the HTTP route. */
import { z } from 'zod';
import { contentString, memoryFieldsShape } from '../shared/memory-fields.input';

export const rememberInputShape = {
  content: contentString,
  ...memoryFieldsShape,
  force: z.boolean().optional(),
};

export const rememberInputSchema = z.object(rememberInputShape);
export type RememberInput = z.infer<typeof rememberInputSchema>;
