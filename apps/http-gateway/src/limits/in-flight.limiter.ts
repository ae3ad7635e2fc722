/**
 * At most N requests of one key in flight on this replica: a key that opens many slow requests at
 * once cannot take every worker of the event loop and the store from the other keys. A slot is taken
 * after authentication and given back when the response's socket closes (sent or aborted).
 */
export class InFlightLimiter {
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly maxPerKey: number) {}

  /** A release function (call it once) when the key has a free slot; null when it has none. */
  tryAcquire(keyId: string): (() => void) | null {
    const current = this.inFlight.get(keyId) ?? 0;
    if (current >= this.maxPerKey) return null;
    this.inFlight.set(keyId, current + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const remaining = (this.inFlight.get(keyId) ?? 1) - 1;
      if (remaining <= 0) this.inFlight.delete(keyId);
      else this.inFlight.set(keyId, remaining);
    };
  }

  /** Requests of the key in flight now. */
  count(keyId: string): number {
    return this.inFlight.get(keyId) ?? 0;
  }
}
