import { forgetText } from './forget.presenter';
import { forgetSetup } from '@kioku/forgetting/testing';

describe('ForgetUseCase: two-call confirmation (design notes 000, 001)', () => {
  it('lists candidates for a query with ids and deletes nothing', async () => {
    const { forget, remember, context, exists, clock } = forgetSetup();
    const sf = await remember({ content: 'The user lives in San Francisco' });
    await remember({ content: 'The user visited San Francisco last year' });
    const result = await forget.execute({ query: 'San Francisco' }, context);
    expect(result.mode).toBe('query');
    const text = forgetText(result, clock.now());
    expect(text).toMatch(
      /^2 candidate\(s\) for "San Francisco" \(nothing deleted\):\n1\. mem_[0-9a-f]{12} \[just now\] /,
    );
    expect(text).toContain('call forget with its exact memory_id');
    expect(await exists(sf.id)).toBe(true);
  });

  it('asks on the first call, deletes on the second, with the seed texts', async () => {
    const { forget, remember, context, exists, clock } = forgetSetup();
    const m = await remember({ content: 'Blue Envelope #14 の記憶', emotion: 'happy' });
    clock.advanceDays(3);
    const first = await forget.execute({ memoryId: m.id }, context);
    expect(forgetText(first, clock.now())).toBe(
      `Please confirm: forget "Blue Envelope #14 の記憶" (id: ${m.id}, 3d ago)? Call forget again with the same memory_id within 5 minutes to delete it.`,
    );
    expect(await exists(m.id)).toBe(true);
    const second = await forget.execute({ memoryId: m.id }, context);
    expect(forgetText(second, clock.now())).toBe(
      `Forgot (id: ${m.id}, 3d ago): Blue Envelope #14 の記憶\nEmotion: happy | Importance: 3\n` +
        'It can be restored with restore until 2026-12-24 (trash retention).\n\n---\n' +
        'This memory is gone. Was there anything worth preserving in a new form?\n' +
        'If this was part of a merge, save the consolidated version with remember.',
    );
    expect(await exists(m.id)).toBe(false);
  });

  it('tracks each of memory_ids separately and lists both groups', async () => {
    const { forget, remember, context, exists, clock } = forgetSetup();
    const [a, b, c] = [
      await remember({ content: 'One' }),
      await remember({ content: 'Two' }),
      await remember({ content: 'Three' }),
    ];
    await forget.execute({ memoryIds: [a.id, b.id] }, context);
    const result = await forget.execute({ memoryIds: [a.id, c.id, 'mem_000000000000'] }, context);
    expect(result).toMatchObject({
      forgotten: [{ id: a.id }],
      pending: [{ memoryId: c.id }],
      notFound: ['mem_000000000000'],
    });
    const text = forgetText(result, clock.now());
    expect(text).toContain(`Forgot 1 memories:\n- ${a.id} (just now): One`);
    expect(text).toContain(
      `Please confirm: forget these 1? Call forget again with the same memory_ids within 5 minutes to delete them.\n- ${c.id}`,
    );
    expect(text).toContain('Memory not found: mem_000000000000');
    expect([await exists(a.id), await exists(b.id), await exists(c.id)]).toEqual([false, true, true]);
  });

  it('answers Memory not found when the memory was deleted between the calls', async () => {
    const { forget, remember, context, clock } = forgetSetup();
    const m = await remember({ content: 'Doomed' });
    await forget.execute({ memoryId: m.id }, context);
    await forget.execute({ memoryId: m.id }, { ...context, callerId: 'other' });
    await forget.execute({ memoryId: m.id }, { ...context, callerId: 'other' });
    const result = await forget.execute({ memoryId: m.id }, context);
    expect(forgetText(result, clock.now())).toBe(
      `Memory not found: ${m.id}\n\n---\nDouble-check the ID. Use recall to search for the memory you're looking for.`,
    );
  });

  it('suggests query mode for an id that is not even an id', async () => {
    const { forget, context, clock } = forgetSetup();
    expect(forgetText(await forget.execute({ memoryId: 'f926ff7f' }, context), clock.now())).toBe(
      "Memory not found: f926ff7f\n\n---\nDouble-check the ID. Use recall to search for the memory you're looking for. To list candidates with their ids, call forget with query.",
    );
  });

  it('refuses pinned and protected-category memories with the reason and a way on, at any call', async () => {
    const { forget, remember, context, exists, clock } = forgetSetup();
    const pinned = await remember({ content: 'Never forget this', importance: 5 });
    const lesson = await remember({ content: 'Always test the backup', category: 'lesson' });
    for (let i = 0; i < 2; i++) {
      expect(forgetText(await forget.execute({ memoryId: pinned.id }, context), clock.now())).toBe(
        `Not forgotten: ${pinned.id} is pinned (importance 5).\n\n---\nTo forget it, first lower its importance with update_memory, then call forget again (twice).`,
      );
      expect(forgetText(await forget.execute({ memoryId: lesson.id }, context), clock.now())).toMatch(
        new RegExp(
          `^Not forgotten: ${lesson.id} is in the protected category "lesson"\\.\\n\\n---\\nProtected categories cannot be forgotten`,
        ),
      );
    }
    expect([await exists(pinned.id), await exists(lesson.id)]).toEqual([true, true]);
  });
});
