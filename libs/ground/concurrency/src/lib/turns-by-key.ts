/**
 * First come, first served turns per key, within this process. `take(key)` joins the key's line at
 * once and its `ready` resolves when every earlier turn of that key has ended, so a caller can start
 * work that needs no turn (embedding a batch) while it waits for the part that must not overlap
 * (storing it). A key's line is dropped when its last turn ends.
 */
export interface Turn {
  /** Resolves when the turns taken before this one have all ended. */
  ready: Promise<void>;
  /** Ends this turn (idempotent); the next one in line starts. Call it even if the work failed. */
  end(): void;
}

export class TurnsByKey {
  private readonly lines = new Map<string, Promise<void>>();

  take(key: string): Turn {
    const ready = this.lines.get(key) ?? Promise.resolve();
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const tail = ready.then(() => ended);
    this.lines.set(key, tail);
    void tail.then(() => {
      if (this.lines.get(key) === tail) this.lines.delete(key);
    });
    return { ready, end };
  }

  /** Runs `task` in its turn for `key`, ending the turn however the task ends. */
  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const turn = this.take(key);
    await turn.ready;
    try {
      return await task();
    } finally {
      turn.end();
    }
  }

  /** Keys with a turn taken and not yet ended (for tests and diagnostics). */
  get busyKeys(): number {
    return this.lines.size;
  }
}
