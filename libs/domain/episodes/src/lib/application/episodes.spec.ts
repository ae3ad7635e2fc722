import { kyotoTripSetup } from '../testing/episodes-setup';

describe('episodes (behaviour §4.10)', () => {
  it('cannot include memories of another namespace', async () => {
    const { create, ids, context } = await kyotoTripSetup();
    await expect(
      create.execute({ memory_ids: ids, summary: 'x' }, { ...context, namespace: 'other' }),
    ).rejects.toMatchObject({ code: 'MEMORY_NOT_FOUND' });
  });
});
