import { updateMemoryText } from './update-memory.presenter';
import { updateSetup } from '@kioku/memory/testing';

describe('UpdateMemoryUseCase', () => {
  it('pins a memory without re-embedding and keeps its vector', async () => {
    const { save, update, context, embeddings, repo, clock } = updateSetup();
    const m = await save('Always back up before migrating');
    const before = await repo.getOne('test', m.id, true);
    const calls = embeddings.calls;
    clock.advance(60_000);
    const result = await update.execute({ memoryId: m.id, importance: 5 }, context);
    expect(result.status).toBe('updated');
    expect(updateMemoryText(result)).toBe(
      `Updated (id: ${m.id}): importance.\nPinned: protected from forgetting.`,
    );
    expect(embeddings.calls).toBe(calls);
    const after = await repo.getOne('test', m.id, true);
    expect(after?.memory.importance).toBe(5);
    expect(after?.memory.updatedAt).toBe(clock.now().toISOString());
    expect(after?.vector).toEqual(before?.vector);
  });

  it('makes a memory private and back', async () => {
    const { save, update, context } = updateSetup();
    const m = await save('A plan for a surprise party');
    expect(updateMemoryText(await update.execute({ memoryId: m.id, private: true }, context))).toContain(
      'Now private',
    );
    const back = await update.execute({ memoryId: m.id, private: false }, context);
    expect(back.status === 'updated' && back.memory.isPrivate).toBe(false);
  });

  it('answers not found with the scaffold, and unchanged when nothing differs', async () => {
    const { save, update, context } = updateSetup();
    const m = await save('Something');
    expect(
      updateMemoryText(await update.execute({ memoryId: 'mem_ffffffffffff', importance: 2 }, context)),
    ).toBe(
      "Memory not found: mem_ffffffffffff\n\n---\nDouble-check the ID. Use recall to search for the memory you're looking for.",
    );
    expect((await update.execute({ memoryId: m.id, importance: 3 }, context)).status).toBe('unchanged');
  });
});
