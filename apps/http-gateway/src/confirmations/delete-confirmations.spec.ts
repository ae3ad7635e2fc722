/** Confirmation tokens of two-step delete: bound to key and memory, single use, expiring, bounded. */
import { DeleteConfirmations } from './delete-confirmations';

describe('DeleteConfirmations', () => {
  let now: number;
  let confirmations: DeleteConfirmations;

  beforeEach(() => {
    now = 1_000_000;
    confirmations = new DeleteConfirmations(300_000, () => now, 3);
  });

  it('redeems a token once, for its key and memory only', () => {
    const { token, confirmation } = confirmations.issue('key_a', 'mem_1');
    expect(token).toMatch(/^kdc_[A-Za-z0-9_-]{32}$/);
    expect(confirmation).toMatchObject({ keyId: 'key_a', memoryId: 'mem_1', expiresAt: now + 300_000 });
    expect(confirmation.forgetCallerId).toMatch(/^key_a\/delete\/[0-9a-f]{16}$/);
    expect(confirmations.redeem(token, 'key_b', 'mem_1')).toEqual({ status: 'other_key' });
    expect(confirmations.redeem(token, 'key_a', 'mem_2')).toEqual({ status: 'other_memory' });
    expect(confirmations.redeem('kdc_forged', 'key_a', 'mem_1')).toEqual({ status: 'unknown' });
    expect(confirmations.redeem(token, 'key_a', 'mem_1')).toEqual({ status: 'valid', confirmation });
    expect(confirmations.redeem(token, 'key_a', 'mem_1')).toEqual({ status: 'unknown' });
  });

  it('expires tokens at the end of the window', () => {
    const { token } = confirmations.issue('key_a', 'mem_1');
    now += 300_000;
    expect(confirmations.redeem(token, 'key_a', 'mem_1')).toEqual({ status: 'expired' });
    expect(confirmations.redeem(token, 'key_a', 'mem_1')).toEqual({ status: 'unknown' });
  });

  it('keeps at most maxPerKey outstanding tokens per key, dropping the oldest, and drops expired ones', () => {
    const tokens = [1, 2, 3, 4].map((n) => confirmations.issue('key_a', `mem_${n}`).token);
    confirmations.issue('key_b', 'mem_9');
    expect(confirmations.size).toBe(4);
    expect(confirmations.redeem(tokens[0], 'key_a', 'mem_1')).toEqual({ status: 'unknown' });
    expect(confirmations.redeem(tokens[3], 'key_a', 'mem_4').status).toBe('valid');
    now += 400_000;
    confirmations.issue('key_c', 'mem_5');
    expect(confirmations.size).toBe(1);
  });
});
