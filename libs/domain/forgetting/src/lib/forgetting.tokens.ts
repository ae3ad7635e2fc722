/** DI tokens owned by the forgetting library. */
import { token } from '@kioku/kernel';
import type { ForgettingSettings } from './forgetting-settings';

export const FORGETTING_TOKENS = {
  Settings: token<ForgettingSettings>('forgetting.Settings'),
} as const;
