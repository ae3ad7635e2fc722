/**
 * The server side of two-step delete over REST (behaviour §4.5, §8.2). The first `DELETE` issues a random
 * token bound to the key id and the memory id, valid for the confirmation window; the second
 * presents it. Only the SHA-256 of a token is kept (a lookup reveals nothing by its timing), a token
 * is used at most once, and the state is bounded (expired tokens are dropped, at most
 * `maxPerKey` outstanding per key, the oldest going first).
 *
 * Each token also names its own forget caller (`<key id>/delete/<random>`), so that the use case's
 * two-call state of one delete never mixes with another delete by the same key: two first calls for
 * the same memory never add up to a deletion, and deletes of different memories never cancel each
 * other (the use case drops a caller's pending ids that a later call does not repeat).
 */
import { createHash, randomBytes } from 'node:crypto';

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

export class DeleteConfirmations {
  private readonly byDigest = new Map<string, DeleteConfirmation>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number,
    private readonly maxPerKey = 100,
  ) {}

  /** A fresh confirmation: its forget caller id, to use for the first call, and the token. */
  issue(keyId: string, memoryId: string): { token: string; confirmation: DeleteConfirmation } {
    this.dropExpired();
    const token = `kdc_${randomBytes(24).toString('base64url')}`;
    const confirmation: DeleteConfirmation = {
      keyId,
      memoryId,
      forgetCallerId: `${keyId}/delete/${randomBytes(8).toString('hex')}`,
      expiresAt: this.now() + this.windowMs,
    };
    const ofKey = [...this.byDigest].filter(([, c]) => c.keyId === keyId);
    for (const [digest] of ofKey.slice(0, Math.max(0, ofKey.length - this.maxPerKey + 1))) {
      this.byDigest.delete(digest);
    }
    this.byDigest.set(digest(token), confirmation);
    return { token, confirmation };
  }

  /** Withdraws a token that was issued for a first call that did not leave anything pending. */
  withdraw(token: string): void {
    this.byDigest.delete(digest(token));
  }

  /**
   * Checks a presented token for this key and memory. A valid token is consumed; an expired one is
   * dropped; a token of another key stays usable by its owner.
   */
  redeem(token: string, keyId: string, memoryId: string): ConfirmationCheck {
    const key = digest(token);
    const confirmation = this.byDigest.get(key);
    if (!confirmation) return { status: 'unknown' };
    if (confirmation.keyId !== keyId) return { status: 'other_key' };
    if (confirmation.expiresAt <= this.now()) {
      this.byDigest.delete(key);
      return { status: 'expired' };
    }
    if (confirmation.memoryId !== memoryId) return { status: 'other_memory' };
    this.byDigest.delete(key);
    return { status: 'valid', confirmation };
  }

  get size(): number {
    return this.byDigest.size;
  }

  private dropExpired(): void {
    const now = this.now();
    for (const [key, confirmation] of this.byDigest) {
      if (confirmation.expiresAt <= now) this.byDigest.delete(key);
    }
  }
}

function digest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
