import { GetEpisodeUseCase } from '@kioku/episodes';
import { consolidateText } from './consolidate.presenter';
import { consolidateScenario } from '@kioku/consolidation/testing';

describe('ConsolidateUseCase (behaviour §4.8)', () => {
  it('replays, co-activates, prunes, proposes merges and fading memories with exact counts', async () => {
    const { consolidate, context, ids, links, container, episode } = await consolidateScenario();
    const result = await consolidate.execute({}, context);
    expect(result).toMatchObject({
      replayed: 4,
      coactivations: 2,
      linksCreated: 4,
      linksStrengthened: 1,
      linksPruned: 1,
      refreshed: 5,
      episodeIdsDropped: 1,
    });
    const find = (a: string, b: string) => links.find('test', a, b, 'related');
    expect(await find(ids.m1.id, ids.m2.id)).toMatchObject({ confidence: 0.6 });
    expect(await find(ids.m3.id, ids.m2.id)).toMatchObject({ confidence: 0.6 });
    expect((await find(ids.m4.id, ids.m3.id))?.confidence).toBeCloseTo(0.6, 10);
    expect(await find(ids.m1.id, ids.m3.id)).toMatchObject({ confidence: 0.5, note: 'co-activation' });
    expect(await find(ids.m4.id, ids.m1.id)).toMatchObject({ confidence: 0.5 });
    expect(await find(ids.faded.id, ids.m2.id)).toBeNull();
    expect(result.mergeCandidates.map((c) => [c.a.id, c.b.id])).toEqual([[ids.m2.id, ids.twin.id]]);
    expect(result.fading.map((m) => m.id)).toEqual([ids.faded.id]);
    const text = consolidateText(result);
    expect(text.split('\n')[0]).toBe(
      'Consolidation complete. Replayed 4 events, updated 2 co-activations, created 4 links, refreshed 5 memories.',
    );
    expect(text).toContain(
      `Found 1 near-duplicate pair(s):\n- ${ids.m2.id} <-> ${ids.twin.id} (similarity: 1.00)\n  A: Booked the dentist for Friday afternoon\n  B: Booked the dentist for Friday afternoon`,
    );
    expect(text).toContain(
      'Review each pair with recall. If one is redundant, use forget to remove it.\nIf both have value, consider which perspective to keep.',
    );
    const got = await container.get(GetEpisodeUseCase).execute({ episodeId: episode.id }, context);
    expect(got.status === 'found' && got.missingCount).toBe(0);
  });

  it('writes nothing in a dry run', async () => {
    const { consolidate, context, linkHealth } = await consolidateScenario();
    const before = (await linkHealth()).links;
    const dry = await consolidate.execute({ dryRun: true }, context);
    expect(dry).toMatchObject({ dryRun: true, linksCreated: 4, episodeIdsDropped: 1 });
    expect(consolidateText(dry)).toMatch(/^Consolidation dry run \(nothing written\)\./);
    expect((await linkHealth()).links).toEqual(before);
  });
});
