/**
 * Two "processes" (two containers, each with its own use cases, deleter and clock) on one store,
 * sharing the store-backed shared state: the confirming call finds the first call's state whichever
 * process serves it, and racing confirmations resolve to exactly one outcome (probe defect 7).
 */
import { MemoryRepository } from '@kioku/memory';
import { StoreSharedState } from '@kioku/shared-state-store';
import { MemoryVectorStore } from '@kioku/vector-store-memory';
import { createForgettingTestKit } from '../../testing/forgetting-test-kit';
import { ForgetUseCase } from './forget.use-case';

describe('forget across two processes sharing the store', () => {
  const setup = () => {
    const store = new MemoryVectorStore();
    const process = () =>
      createForgettingTestKit({ store, sharedState: (clock) => new StoreSharedState(store, clock) });
    const a = process();
    const b = process();
    const exists = async (id: string) =>
      (await a.container.get(MemoryRepository).getOne('test', id)) !== null;
    const advanceDays = (days: number) => [a, b].forEach((p) => p.clock.advanceDays(days));
    return {
      a,
      b,
      forgetA: a.container.get(ForgetUseCase),
      forgetB: b.container.get(ForgetUseCase),
      context: a.context,
      exists,
      advanceDays,
    };
  };

  it('confirms on B what was asked on A', async () => {
    const { a, forgetA, forgetB, context, exists } = setup();
    const m = await a.remember({ content: 'Asked on one replica, confirmed on the other' });
    expect(await forgetA.execute({ memoryId: m.id }, context)).toMatchObject({
      pending: [{ memoryId: m.id }],
    });
    expect(await forgetB.execute({ memoryId: m.id }, context)).toMatchObject({ forgotten: [{ id: m.id }] });
    expect(await exists(m.id)).toBe(false);
  });

  it('treats a confirmation after the window as a new first call on any process, counting requests', async () => {
    const { a, b, forgetA, forgetB, context, exists } = setup();
    const m = await a.remember({ content: 'Counted across replicas' });
    await forgetA.execute({ memoryId: m.id }, context);
    [a, b].forEach((p) => p.clock.advance(5 * 60_000 + 1));
    const expired = await forgetB.execute({ memoryId: m.id }, context);
    expect(expired).toMatchObject({ forgotten: [], pending: [{ memoryId: m.id, requestCount: 2 }] });
    expect(await exists(m.id)).toBe(true);
  });

  it.each([
    ['asked on A', 'A'],
    // On a shared state the two "first" calls are already a pair: either may confirm the other's.
    ['asked on both at once (a retried or duplicated first call)', 'both'],
  ] as const)('gives exactly one success to confirmations racing on A and B, %s', async (_, askedOn) => {
    const { a, forgetA, forgetB, context, exists } = setup();
    for (let round = 0; round < 5; round++) {
      const m = await a.remember({ content: `Raced confirmation number ${round}` });
      const ask = askedOn === 'A' ? [forgetA] : [forgetA, forgetB];
      const asked = await Promise.all(ask.map((forget) => forget.execute({ memoryId: m.id }, context)));
      const confirmed = await Promise.all([
        forgetA.execute({ memoryId: m.id }, context),
        forgetB.execute({ memoryId: m.id }, context),
      ]);
      const successes = [...asked, ...confirmed].filter((r) => r.mode === 'ids' && r.forgotten.length > 0);
      expect(successes).toHaveLength(1);
      // Every other call either lost the claim (the memory is reported as not found) or read the
      // caller's state after the winner had consumed it (a new first call, which the deletion makes moot).
      for (const result of [...asked, ...confirmed]) {
        if (result.mode !== 'ids') throw new Error(result.mode);
        const ids = [
          ...result.forgotten.map((f) => f.id),
          ...result.notFound,
          ...result.pending.map((p) => p.memoryId),
        ];
        expect(ids).toEqual([m.id]);
      }
      expect(await exists(m.id)).toBe(false);
    }
  });

  it('executes on B the sweep dry run made on A, once', async () => {
    const { a, forgetA, forgetB, context, exists, advanceDays } = setup();
    const old = [];
    for (let i = 0; i < 3; i++)
      old.push(await a.remember({ content: `Trivial old note ${i}`, importance: 1 }));
    advanceDays(400);
    const report = await forgetA.execute({ sweep: true }, context);
    if (report.mode !== 'sweep_report') throw new Error(report.mode);
    expect(report.scan.dropIds.sort()).toEqual(old.map((m) => m.id).sort());

    const executed = await forgetB.execute({ sweep: true, dryRun: false }, context);
    expect(executed).toMatchObject({ mode: 'sweep_executed' });
    if (executed.mode !== 'sweep_executed') return;
    expect([...executed.drop.dropped].sort()).toEqual(old.map((m) => m.id).sort());
    for (const m of old) expect(await exists(m.id)).toBe(false);
    expect(await forgetA.execute({ sweep: true, dryRun: false }, context)).toMatchObject({
      mode: 'sweep_needs_dry_run',
    });
  });

  it('lets only one of two racing executions of one dry run drop', async () => {
    const { a, forgetA, forgetB, context, advanceDays } = setup();
    for (let i = 0; i < 3; i++) await a.remember({ content: `Another trivial note ${i}`, importance: 1 });
    advanceDays(400);
    // Dry runs on both (a retried call), so that on per-process state each would have one to execute.
    await Promise.all([forgetA.execute({ sweep: true }, context), forgetB.execute({ sweep: true }, context)]);
    const results = await Promise.all([
      forgetA.execute({ sweep: true, dryRun: false }, context),
      forgetB.execute({ sweep: true, dryRun: false }, context),
    ]);
    expect(results.map((r) => r.mode).sort()).toEqual(['sweep_executed', 'sweep_needs_dry_run']);
  });
});
