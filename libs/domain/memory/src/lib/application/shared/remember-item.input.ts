/** One memory to save, as remember takes it and as each item of remember_batch (behaviour §4.1). */
import { z } from 'zod';
import { contentString, memoryFieldsShape } from './memory-fields.input';

export const rememberItemShape = {
  content: contentString,
  ...memoryFieldsShape,
  force: z.boolean().optional(),
};

export type RememberInput = z.infer<z.ZodObject<typeof rememberItemShape>>;
