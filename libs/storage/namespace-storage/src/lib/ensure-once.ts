/**
 * Runs a setup step (creating a namespace's collection) once per key and process: concurrent
 * callers share one attempt, and a failed attempt is forgotten so the next call retries it.
 */
export class EnsureOnce {
  private readonly attempts = new Map<string, Promise<unknown>>();

  async run(key: string, setup: () => Promise<unknown>): Promise<void> {
    let attempt = this.attempts.get(key);
    if (!attempt) {
      attempt = setup();
      attempt.catch(() => this.attempts.delete(key));
      this.attempts.set(key, attempt);
    }
    await attempt;
  }
}
