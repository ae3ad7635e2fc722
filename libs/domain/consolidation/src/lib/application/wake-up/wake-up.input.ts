/** Input of wake_up (behaviour §4.11): the tool takes none; a session-start prompt may leave private memories out. */
export interface WakeUpInput {
  /** `false` leaves private memories out of the recent ones and the introspection (default: included). */
  includePrivate?: boolean;
}
