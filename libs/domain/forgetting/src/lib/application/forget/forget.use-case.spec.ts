import { MemoryRepository } from '@kioku/memory';
import { forgetSetup } from '../../testing/forgetting-setups';

describe('ForgetUseCase: two-call confirmation (design notes 000, 001)', () => {
  it('treats a call after the window as a new first call, counting requests', async () => {
    const { forget, remember, context, exists, clock } = forgetSetup();
    const m = await remember({ content: 'Something old' });
    await forget.execute({ memoryId: m.id }, context);
    clock.advance(5 * 60_000 + 1);
    const again = await forget.execute({ memoryId: m.id }, context);
    expect(again).toMatchObject({
      mode: 'ids',
      forgotten: [],
      pending: [{ memoryId: m.id, requestCount: 2 }],
    });
    expect(await exists(m.id)).toBe(true);
    clock.advance(4 * 60_000);
    expect(await forget.execute({ memoryId: m.id }, context)).toMatchObject({ forgotten: [{ id: m.id }] });
  });

  it('a call with a different id is a first call for it and drops the earlier pending id', async () => {
    const { forget, remember, context, exists } = forgetSetup();
    const a = await remember({ content: 'Memory A' });
    const b = await remember({ content: 'Memory B' });
    await forget.execute({ memoryId: a.id }, context);
    expect(await forget.execute({ memoryId: b.id }, context)).toMatchObject({
      pending: [{ memoryId: b.id }],
    });
    expect(await forget.execute({ memoryId: a.id }, context)).toMatchObject({
      pending: [{ memoryId: a.id }],
      forgotten: [],
    });
    expect(await exists(a.id)).toBe(true);
    expect(await exists(b.id)).toBe(true);
  });

  it('keeps pending state per caller: another caller cannot confirm', async () => {
    const { forget, remember, context, exists } = forgetSetup();
    const m = await remember({ content: 'Shared memory' });
    await forget.execute({ memoryId: m.id }, context);
    expect(await forget.execute({ memoryId: m.id }, { ...context, callerId: 'caller-b' })).toMatchObject({
      forgotten: [],
    });
    expect(await exists(m.id)).toBe(true);
  });

  it.each([
    [{ memoryIds: [] }, /at least one/],
    [{}, /exactly one of/],
    [{ memoryId: 'mem_000000000001', query: 'x' }, /exactly one of/],
    [{ memoryId: 'a', memoryIds: ['b'] }, /not both/],
    [{ memoryId: 'mem_000000000001', dryRun: false }, /dry_run goes with sweep/],
    [{ memoryIds: ['mem_000000000001', ' '] }, /non-empty/],
  ])('rejects bad input %# with a clear error and deletes nothing', async (input, message) => {
    const { forget, remember, context, exists } = forgetSetup();
    const m = await remember({ content: 'Keep me' });
    await forget.execute({ memoryId: m.id }, context);
    await expect(forget.execute(input as never, context)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(message),
    });
    expect(await exists(m.id)).toBe(true);
  });

  it('cannot see or delete a memory of another namespace', async () => {
    const { forget, remember, context, container } = forgetSetup();
    const other = await remember({ content: 'Belongs to namespace two' }, 'two');
    await forget.execute({ memoryId: other.id }, context);
    expect(await forget.execute({ memoryId: other.id }, context)).toMatchObject({
      notFound: [other.id],
      forgotten: [],
    });
    expect(await container.get(MemoryRepository).getOne('two', other.id)).not.toBeNull();
    const still = await forget.execute({ query: 'namespace two' }, context);
    expect(still).toMatchObject({ mode: 'query', candidates: [] });
  });
});
