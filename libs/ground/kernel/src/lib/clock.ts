/** Time as a port, so that expiries, ages and decay can be tested with a fixed clock. */
export interface Clock {
  /** The current instant. */
  now(): Date;
}

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
