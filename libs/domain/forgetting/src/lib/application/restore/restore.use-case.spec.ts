import { PurgeTrashUseCase } from '../purge-trash/purge-trash.use-case';
import { trashSetup } from '../../testing/forgetting-setups';

describe('deletion, trash and restore (behaviour §4.6, §4.7)', () => {
  it('snapshots record, vector and links into the trash and removes every link in both directions', async () => {
    const { remember, deleter, trash, repo, linkHealth } = trashSetup();
    const a = await remember({ content: 'Walked the dog in the park' });
    const b = await remember({ content: 'Walked the dog by the river' });
    const c = await remember({ content: 'Walked to the bakery' });
    const vector = (await repo.getOne('test', b.id, true))!.vector;
    expect((await linkHealth()).links.some((l) => l.targetId === b.id)).toBe(true);

    await deleter.delete('test', b.id, 'forget');
    const entry = await trash.get('test', b.id);
    expect(entry).toMatchObject({
      reason: 'forget',
      restoring: false,
      memory: { id: b.id, content: b.content },
    });
    expect(entry!.vector).toEqual(vector);
    expect(entry!.links.map((l) => l.targetId).sort()).toEqual([a.id, c.id].sort());
    const health = await linkHealth();
    expect(health.links.filter((l) => l.sourceId === b.id || l.targetId === b.id)).toEqual([]);
    expect(health.dangling).toEqual([]);
  });

  it('keeps no trash when retention is 0', async () => {
    const { remember, deleter, trash } = trashSetup({ trashRetentionDays: 0 });
    const m = await remember({ content: 'Gone for good' });
    await deleter.delete('test', m.id, 'forget');
    expect(await trash.get('test', m.id)).toBeNull();
  });

  it('purges trash entries older than the retention period', async () => {
    const { remember, deleter, trash, clock, container, context } = trashSetup({ trashRetentionDays: 30 });
    const old = await remember({ content: 'Deleted long ago' });
    await deleter.delete('test', old.id, 'forget');
    clock.advanceDays(20);
    const recent = await remember({ content: 'Deleted recently' });
    await deleter.delete('test', recent.id, 'forget');
    clock.advanceDays(15);
    expect(await container.get(PurgeTrashUseCase).execute(context.namespace)).toEqual({ purged: 1 });
    expect(await trash.get('test', old.id)).toBeNull();
    expect(await trash.get('test', recent.id)).not.toBeNull();
  });
});
