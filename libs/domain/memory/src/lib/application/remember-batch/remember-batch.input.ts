/**
 * Input of a batch remember: the memories to save, in order, each as remember's input. The schema
 * states the most any configuration allows; the use case checks the configured KIOKU_MAX_BATCH_SIZE.
 */
import { z } from 'zod';
import { INPUT_LIMITS } from '../shared/memory-fields.input';
import { rememberItemShape } from '../shared/remember-item.input';

const rememberBatchInputShape = {
  memories: z
    .array(z.object(rememberItemShape))
    .min(1)
    .max(INPUT_LIMITS.batchItems)
    .describe('memories to save in order, each as remember takes it'),
};

export const rememberBatchInputSchema = z.object(rememberBatchInputShape);
