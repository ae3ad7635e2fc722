import { restoreText } from './restore.presenter';
import { trashSetup } from '@kioku/forgetting/testing';

describe('deletion, trash and restore (behaviour §4.6, §4.7)', () => {
  it('restores the same id and vector and re-creates links whose other end exists', async () => {
    const { remember, deleter, restore, repo, context, linkHealth, trash } = trashSetup();
    const a = await remember({ content: 'Cooked ramen at home' });
    const b = await remember({ content: 'Cooked ramen with friends' });
    const c = await remember({ content: 'Cooked ramen for the family' });
    const vector = (await repo.getOne('test', b.id, true))!.vector;
    await deleter.delete('test', b.id, 'forget');
    await deleter.delete('test', c.id, 'forget');

    const result = await restore.execute({ memoryId: b.id }, context);
    expect(result).toMatchObject({ status: 'restored', linksRestored: 1, linksSkipped: 1 });
    expect(restoreText(result)).toBe(
      `Restored (id: ${b.id}): Cooked ramen with friends\nLinks re-created: 1 (1 skipped: the other memory no longer exists).`,
    );
    expect((await repo.getOne('test', b.id, true))!.vector).toEqual(vector);
    const health = await linkHealth();
    expect(health.links.filter((l) => l.sourceId === b.id).map((l) => l.targetId)).toEqual([a.id]);
    expect(health.oneSided).toEqual([]);
    expect(await trash.get('test', b.id)).toBeNull();
    expect(restoreText(await restore.execute({ memoryId: b.id }, context))).toBe(
      `Not in trash: ${b.id}. Only memories deleted within the trash retention can be restored.`,
    );
  });
});
