/** A clock that only moves when the test says so. */
import type { Clock } from '@kioku/kernel';

export class FixedClock implements Clock {
  private current: number;

  constructor(start: Date | string = '2026-11-21T09:00:00.000Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  set(instant: Date | string): void {
    this.current = new Date(instant).getTime();
  }

  advance(ms: number): void {
    this.current += ms;
  }

  advanceDays(days: number): void {
    this.advance(days * 86_400_000);
  }
}
