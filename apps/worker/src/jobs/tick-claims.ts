/**
 * One run per scheduled tick across workers: every worker with the same schedule fires at the same
 * instant, and the first to create `tick:<job>:<namespace>:<scheduled time>` in the shared state runs
 * that tick; the others report `skipped`. The scheduled time comes from the cron pattern (not the
 * clock at firing), so every worker computes the same key.
 */
import type { SharedState } from '@kioku/shared-state';
import type { JobName } from '../config';

/** A claim only needs to outlive the tick's race; the key itself stays taken until it is purged (a day later). */
const CLAIM_TTL_MS = 3_600_000;

export class TickClaims {
  constructor(
    private readonly state: SharedState,
    private readonly holderId: string,
  ) {}

  /**
   * `won` for exactly one caller per job, namespace and tick, in any process on the shared state; the
   * others learn which worker won (when its claim can still be read).
   */
  async claim(job: JobName, namespace: string, tick: Date): Promise<{ won: boolean; holder?: string }> {
    const key = `tick:${job}:${namespace}:${tick.toISOString()}`;
    const won = await this.state.create({
      key,
      value: JSON.stringify({ holder: this.holderId }),
      expiresAt: tick.getTime() + CLAIM_TTL_MS,
    });
    if (won) return { won };
    const entry = await this.state.get(key);
    const { holder } = entry ? (JSON.parse(entry.value) as { holder?: unknown }) : {};
    return typeof holder === 'string' ? { won, holder } : { won };
  }
}
