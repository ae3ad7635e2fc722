/** DI token for the shared state. */
import { token } from '@kioku/kernel';
import type { SharedState } from './shared-state.port';

export const SHARED_STATE_TOKENS = {
  SharedState: token<SharedState>('shared-state.SharedState'),
} as const;
