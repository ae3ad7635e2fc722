/**
 * The server side of two-step delete over REST (behaviour §4.5, §8.2). The first `DELETE` issues a random
 * token bound to the key id and the memory id, valid for the confirmation window; the second
 * presents it. Tokens live in the shared state, so the confirming request may land on any replica.
 *
 * Only the SHA-256 of a token is kept (the store never sees a usable token, and a lookup reveals
 * nothing by its timing). A token is redeemed at most once across replicas: redeeming claims it with
 * `SharedState.create`, which exactly one of concurrent redeemers wins. The state is bounded: at most
 * `maxPerKey` outstanding tokens per key (the oldest go first), used and withdrawn tokens are
 * removed, and expired ones are purged by the shared state. An expired token is still recognised (as
 * expired, not unknown) for one more window.
 *
 * Each token also names its own forget caller (`<key id>/delete/<random>`), so that the use case's
 * two-call state of one delete never mixes with another delete by the same key: two first calls for
 * the same memory never add up to a deletion, and deletes of different memories never cancel each
 * other (the use case drops a caller's pending ids that a later call does not repeat).
 */
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '@kioku/kernel';
import type { SharedState, StateEntry } from '@kioku/shared-state';

export interface DeleteConfirmation {
  keyId: string;
  memoryId: string;
  /** The forget use case's caller id for both calls of this delete. */
  forgetCallerId: string;
  expiresAt: number;
}

export type ConfirmationCheck =
  | { status: 'valid'; confirmation: DeleteConfirmation }
  | { status: 'unknown' | 'expired' | 'other_key' | 'other_memory' };

const confirmationSchema = z.object({
  keyId: z.string(),
  memoryId: z.string(),
  forgetCallerId: z.string(),
  expiresAt: z.number(),
});

export class DeleteConfirmations {
  constructor(
    private readonly state: SharedState,
    private readonly clock: Clock,
    private readonly windowMs: number,
    private readonly maxPerKey = 100,
  ) {}

  /** A fresh confirmation: its forget caller id, to use for the first call, and the token. */
  async issue(keyId: string, memoryId: string): Promise<{ token: string; confirmation: DeleteConfirmation }> {
    await this.dropOldest(keyId);
    const token = `kdc_${randomBytes(24).toString('base64url')}`;
    const confirmation: DeleteConfirmation = {
      keyId,
      memoryId,
      forgetCallerId: `${keyId}/delete/${randomBytes(8).toString('hex')}`,
      expiresAt: this.now() + this.windowMs,
    };
    const created = await this.state.create({
      key: tokenKey(token),
      value: JSON.stringify(confirmation),
      expiresAt: confirmation.expiresAt + this.windowMs,
      group: groupOf(keyId),
    });
    // 192 random bits: a collision means the randomness source is broken, not bad luck.
    if (!created) throw new Error('A fresh confirmation token was already taken.');
    return { token, confirmation };
  }

  /** Withdraws a token that was issued for a first call that did not leave anything pending. */
  async withdraw(token: string): Promise<void> {
    await this.state.delete([tokenKey(token)]);
  }

  /**
   * Checks a presented token for this key and memory. A valid token is consumed (of concurrent
   * redeemers on any replica, one gets `valid`, the others `unknown`); an expired one is dropped; a
   * token of another key stays usable by its owner.
   */
  async redeem(token: string, keyId: string, memoryId: string): Promise<ConfirmationCheck> {
    const key = tokenKey(token);
    const entry = await this.state.get(key);
    const confirmation = entry ? parse(entry) : null;
    if (!confirmation) return { status: 'unknown' };
    if (confirmation.keyId !== keyId) return { status: 'other_key' };
    if (confirmation.expiresAt <= this.now()) {
      await this.state.delete([key]);
      return { status: 'expired' };
    }
    if (confirmation.memoryId !== memoryId) return { status: 'other_memory' };
    const won = await this.state.create({
      key: `${key}:redeemed`,
      value: '',
      expiresAt: confirmation.expiresAt,
    });
    if (!won) return { status: 'unknown' };
    await this.state.delete([key]);
    return { status: 'valid', confirmation };
  }

  /** The key's tokens that can still be redeemed, oldest first. */
  async outstanding(keyId: string): Promise<{ key: string; confirmation: DeleteConfirmation }[]> {
    const now = this.now();
    return (await this.state.list(groupOf(keyId)))
      .map((entry) => ({ key: entry.key, confirmation: parse(entry) }))
      .filter((t): t is { key: string; confirmation: DeleteConfirmation } => !!t.confirmation)
      .filter((t) => t.confirmation.expiresAt > now)
      .sort((a, b) => a.confirmation.expiresAt - b.confirmation.expiresAt);
  }

  private async dropOldest(keyId: string): Promise<void> {
    const live = await this.outstanding(keyId);
    const excess = live.slice(0, Math.max(0, live.length - this.maxPerKey + 1));
    if (excess.length > 0) await this.state.delete(excess.map((t) => t.key));
  }

  private now(): number {
    return this.clock.now().getTime();
  }
}

function tokenKey(token: string): string {
  return `delete-token:${createHash('sha256').update(token, 'utf8').digest('hex')}`;
}

function groupOf(keyId: string): string {
  return `delete-tokens:${keyId}`;
}

function parse(entry: StateEntry): DeleteConfirmation | null {
  try {
    const parsed = confirmationSchema.safeParse(JSON.parse(entry.value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
