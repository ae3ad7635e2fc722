/**
 * The bench's clock: the system's, except while seeding, when it runs a set time in the past, so that
 * memories saved through remember in one run are dated over the past year in the order they were saved
 * (recall's decay and consolidation's window see ages as in real use).
 */
import type { Clock } from '@kioku/kernel';

export class SeedClock implements Clock {
  private backMs = 0;

  now(): Date {
    return new Date(Date.now() - this.backMs);
  }

  /** From now on the clock reads `ms` earlier than the system's (0: the system's time again). */
  setBack(ms: number): void {
    this.backMs = ms;
  }
}
