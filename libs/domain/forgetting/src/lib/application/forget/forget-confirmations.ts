/**
 * Where forget keeps a caller's pending deletions and its last sweep dry run between two calls: the
 * shared state, so that the confirming call finds them whichever process or replica serves it.
 *
 * A caller's record is keyed by namespace and a digest of the caller id (session ids stay out of the
 * store). It outlives the confirmation window by a day, so that `requestCount` keeps growing across
 * windows; whether an entry can still be confirmed is decided from its `requestedAt`.
 *
 * Racing confirmations resolve to exactly one outcome: the deletion of a pending id (and the
 * execution of a dry run) is claimed with `SharedState.create` on a key unique to that pending entry
 * (its `requestedAt` is part of it), and only the one winner acts.
 */
import { createHash } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { SHARED_STATE_TOKENS, type SharedState } from '@kioku/shared-state';
import {
  withinWindow,
  type PendingDeletionRecord,
  type PendingSweep,
} from '../../domain/pending-confirmations';
import { FORGETTING_TOKENS } from '../../forgetting.tokens';
import type { ForgettingSettings } from '../../forgetting-settings';

/** How long a caller's record stays after its last call (request counts span windows). */
const HISTORY_MS = 24 * 3_600_000;

const deletionsSchema = z.array(
  z.object({ memoryId: z.string(), requestedAt: z.number(), requestCount: z.number() }),
);
const sweepSchema = z.object({ requestedAt: z.number(), dropIds: z.array(z.string()) });

@injectable()
export class ForgetConfirmations {
  constructor(
    @inject(SHARED_STATE_TOKENS.SharedState) private readonly state: SharedState,
    @inject(FORGETTING_TOKENS.Settings) private readonly settings: ForgettingSettings,
  ) {}

  /** Every pending deletion of the caller, confirmable or expired, by memory id. */
  async deletions(namespace: string, callerId: string): Promise<Map<string, PendingDeletionRecord>> {
    const entry = await this.state.get(recordKey('deletions', namespace, callerId));
    const parsed = entry ? deletionsSchema.safeParse(parseJson(entry.value)) : undefined;
    return new Map((parsed?.success ? parsed.data : []).map((d) => [d.memoryId, d]));
  }

  /** Replaces the caller's pending deletions with these (none: the record goes). */
  async replaceDeletions(
    namespace: string,
    callerId: string,
    deletions: PendingDeletionRecord[],
    now: number,
  ): Promise<void> {
    const key = recordKey('deletions', namespace, callerId);
    if (deletions.length === 0) return this.state.delete([key]);
    await this.state.put({ key, value: JSON.stringify(deletions), expiresAt: now + this.historyMs() });
  }

  /** Whether this pending deletion is still confirmable at `now`. */
  confirmable(requestedAt: number, now: number): boolean {
    return withinWindow(requestedAt, now, this.settings.confirmationWindowMs);
  }

  /**
   * Claims the deletion that this pending entry asked for. Of concurrent confirmations of one entry,
   * from any process, exactly one gets `true`.
   */
  claimDeletion(namespace: string, callerId: string, pending: PendingDeletionRecord): Promise<boolean> {
    return this.claim(
      `${recordKey('deletions', namespace, callerId)}:${pending.memoryId}@${pending.requestedAt}`,
      pending.requestedAt,
    );
  }

  /** Records the caller's dry run (replacing an earlier one). */
  async recordDryRun(namespace: string, callerId: string, sweep: PendingSweep): Promise<void> {
    await this.state.put({
      key: recordKey('sweep', namespace, callerId),
      value: JSON.stringify(sweep),
      expiresAt: sweep.requestedAt + this.settings.confirmationWindowMs,
    });
  }

  /**
   * The caller's dry run if it is within the window and this call is the one that executes it: of
   * concurrent executions, from any process, exactly one gets it; the others (and any later call) get
   * null.
   */
  async takeDryRun(namespace: string, callerId: string, now: number): Promise<PendingSweep | null> {
    const key = recordKey('sweep', namespace, callerId);
    const entry = await this.state.get(key);
    const parsed = entry ? sweepSchema.safeParse(parseJson(entry.value)) : undefined;
    if (!parsed?.success || !this.confirmable(parsed.data.requestedAt, now)) return null;
    return (await this.claim(`${key}@${parsed.data.requestedAt}`, parsed.data.requestedAt))
      ? parsed.data
      : null;
  }

  private claim(key: string, requestedAt: number): Promise<boolean> {
    return this.state.create({
      key: `${key}:claimed`,
      value: '',
      expiresAt: requestedAt + this.settings.confirmationWindowMs,
    });
  }

  private historyMs(): number {
    return Math.max(HISTORY_MS, this.settings.confirmationWindowMs);
  }
}

function recordKey(kind: 'deletions' | 'sweep', namespace: string, callerId: string): string {
  const caller = createHash('sha256').update(callerId, 'utf8').digest('hex').slice(0, 32);
  return `forget.${kind}:${namespace}:${caller}`;
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}
