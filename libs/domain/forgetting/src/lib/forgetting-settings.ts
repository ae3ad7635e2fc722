/** Tunables of forgetting (behaviour §2.4, §4.5, §7); the composition lib fills them from config. */
export interface ForgettingSettings {
  /** Days a deleted memory stays restorable; 0 keeps no trash at all. */
  trashRetentionDays: number;
  /** How long a first forget call (or a sweep dry run) waits for its confirming call. */
  confirmationWindowMs: number;
}

export const DEFAULT_FORGETTING_SETTINGS: ForgettingSettings = {
  trashRetentionDays: 30,
  confirmationWindowMs: 5 * 60_000,
};
