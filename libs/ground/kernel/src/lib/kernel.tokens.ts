/** DI tokens for the kernel's ports. */
import type { Clock } from './clock';
import type { IdGenerator } from './id-generator';
import type { Logger } from './logger';
import { token } from './token';

export const KERNEL_TOKENS = {
  Clock: token<Clock>('kernel.Clock'),
  IdGenerator: token<IdGenerator>('kernel.IdGenerator'),
  Logger: token<Logger>('kernel.Logger'),
} as const;
