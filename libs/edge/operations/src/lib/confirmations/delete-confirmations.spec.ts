/**
 * Confirmation tokens of two-step delete: bound to key and memory, single use, expiring, bounded; on
 * a store-backed shared state, issued on one replica and redeemed exactly once across replicas.
 */
import { InProcessSharedState, StoreSharedState } from '@kioku/shared-state-store';
import { FixedClock } from '@kioku/testing-fakes';
import { MemoryVectorStore } from '@kioku/vector-store-memory';
import { DeleteConfirmations } from './delete-confirmations';

const WINDOW = 300_000;

describe('DeleteConfirmations', () => {
  let clock: FixedClock;
  let confirmations: DeleteConfirmations;

  beforeEach(() => {
    clock = new FixedClock();
    confirmations = new DeleteConfirmations(new InProcessSharedState(clock), clock, WINDOW, 3);
  });

  it('redeems a token once, for its key and memory only', async () => {
    const { token, confirmation } = await confirmations.issue('key_a', 'mem_1');
    expect(token).toMatch(/^kdc_[A-Za-z0-9_-]{32}$/);
    expect(confirmation).toMatchObject({
      keyId: 'key_a',
      memoryId: 'mem_1',
      expiresAt: clock.now().getTime() + WINDOW,
    });
    expect(confirmation.forgetCallerId).toMatch(/^key_a\/delete\/[0-9a-f]{16}$/);
    expect(await confirmations.redeem(token, 'key_b', 'mem_1')).toEqual({ status: 'other_key' });
    expect(await confirmations.redeem(token, 'key_a', 'mem_2')).toEqual({ status: 'other_memory' });
    expect(await confirmations.redeem('kdc_forged', 'key_a', 'mem_1')).toEqual({ status: 'unknown' });
    expect(await confirmations.redeem(token, 'key_a', 'mem_1')).toEqual({ status: 'valid', confirmation });
    expect(await confirmations.redeem(token, 'key_a', 'mem_1')).toEqual({ status: 'unknown' });
  });

  it('expires tokens at the end of the window', async () => {
    const { token } = await confirmations.issue('key_a', 'mem_1');
    clock.advance(WINDOW);
    expect(await confirmations.redeem(token, 'key_a', 'mem_1')).toEqual({ status: 'expired' });
    expect(await confirmations.redeem(token, 'key_a', 'mem_1')).toEqual({ status: 'unknown' });
  });

  it('forgets a withdrawn token', async () => {
    const { token } = await confirmations.issue('key_a', 'mem_1');
    await confirmations.withdraw(token);
    expect(await confirmations.redeem(token, 'key_a', 'mem_1')).toEqual({ status: 'unknown' });
  });

  it('keeps at most maxPerKey outstanding tokens per key, dropping the oldest; expired ones do not count', async () => {
    const tokens: string[] = [];
    for (const n of [1, 2, 3, 4]) {
      tokens.push((await confirmations.issue('key_a', `mem_${n}`)).token);
      clock.advance(1);
    }
    await confirmations.issue('key_b', 'mem_9');
    expect(await confirmations.outstanding('key_a')).toHaveLength(3);
    expect(await confirmations.redeem(tokens[0], 'key_a', 'mem_1')).toEqual({ status: 'unknown' });
    expect((await confirmations.redeem(tokens[3], 'key_a', 'mem_4')).status).toBe('valid');
    clock.advance(WINDOW);
    expect(await confirmations.outstanding('key_a')).toHaveLength(0);
  });
});

describe('DeleteConfirmations on two replicas sharing the store', () => {
  const replicas = () => {
    const store = new MemoryVectorStore();
    const clock = new FixedClock();
    const replica = () => new DeleteConfirmations(new StoreSharedState(store, clock), clock, WINDOW);
    return [replica(), replica()] as const;
  };

  it('redeems on B a token issued on A', async () => {
    const [a, b] = replicas();
    const { token, confirmation } = await a.issue('key_a', 'mem_1');
    expect(await b.redeem(token, 'key_a', 'mem_1')).toEqual({ status: 'valid', confirmation });
    expect(await a.redeem(token, 'key_a', 'mem_1')).toEqual({ status: 'unknown' });
  });

  it('gives one of two concurrent redemptions on A and B the token, the other nothing', async () => {
    const [a, b] = replicas();
    for (let round = 0; round < 10; round++) {
      const { token } = await a.issue('key_a', `mem_${round}`);
      const checks = await Promise.all([
        a.redeem(token, 'key_a', `mem_${round}`),
        b.redeem(token, 'key_a', `mem_${round}`),
      ]);
      expect(checks.map((c) => c.status).sort()).toEqual(['unknown', 'valid']);
    }
  });
});
