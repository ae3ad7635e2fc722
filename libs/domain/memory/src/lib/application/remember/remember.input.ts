/** Input of remember (behaviour §4.1): one memory to save (the shape remember_batch takes per item). */
import { z } from 'zod';
import { rememberItemShape } from '../shared/remember-item.input';

export const rememberInputSchema = z.object(rememberItemShape);
export type { RememberInput } from '../shared/remember-item.input';
