import { CreateEpisodeUseCase, GetEpisodeUseCase } from '@kioku/episodes';
import { createForgettingTestKit } from '@kioku/forgetting/testing';
import { MemoryDeleter } from '@kioku/forgetting';
import type { Link } from '@kioku/links';
import { consolidateText } from './consolidation.presenter';
import { ConsolidateUseCase, consolidationModule } from '@kioku/consolidation';

const HOUR = 3_600_000;
const related = (sourceId: string, targetId: string, confidence: number): Link => ({
  sourceId,
  targetId,
  type: 'related',
  confidence,
  note: '',
  createdAt: '',
});

async function scenario() {
  const kit = createForgettingTestKit({
    modules: [consolidationModule()],
    memory: { linkDistance: 0, mergeDistance: 0.1 },
  });
  const { remember, clock, links } = kit;
  const faded = await remember({ content: 'An old note about the garden shed', importance: 3 });
  clock.advanceDays(57);
  const twin = await remember({ content: 'Booked the dentist for Friday afternoon' });
  const gone = await remember({ content: 'A memory that will be deleted' });
  clock.advanceDays(3);
  const m1 = await remember({
    content: 'Morning run by the river',
    emotion: 'happy',
    intensity: 0.6,
    tags: ['a', 'b'],
  });
  clock.advance(HOUR);
  const m2 = await remember({ content: 'Booked the dentist for Friday afternoon', emotion: 'sad' });
  clock.advance(HOUR);
  const m3 = await remember({
    content: 'Lunch with an old friend',
    emotion: 'happy',
    intensity: 0.7,
    tags: ['a', 'c'],
  });
  clock.advance(HOUR);
  const m4 = await remember({ content: 'Wrote the project report', tags: ['a', 'b'] });
  clock.advance(HOUR);
  await links.saveBoth('test', [related(m3.id, m4.id, 0.5), related(m2.id, faded.id, 0.05)]);
  const { episode } = await kit.container
    .get(CreateEpisodeUseCase)
    .execute({ memory_ids: [m1.id, gone.id], summary: 'A day' }, kit.context);
  await kit.container.get(MemoryDeleter).delete('test', gone.id, 'forget');
  return {
    ...kit,
    consolidate: kit.container.get(ConsolidateUseCase),
    ids: { faded, twin, m1, m2, m3, m4 },
    episode,
  };
}

describe('ConsolidateUseCase (behaviour §4.8)', () => {
  it('replays, co-activates, prunes, proposes merges and fading memories with exact counts', async () => {
    const { consolidate, context, ids, links, container, episode } = await scenario();
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
    const got = await container.get(GetEpisodeUseCase).execute({ episode_id: episode.id }, context);
    expect(got.status === 'found' && got.missingCount).toBe(0);
  });

  it('writes nothing in a dry run', async () => {
    const { consolidate, context, linkHealth } = await scenario();
    const before = (await linkHealth()).links;
    const dry = await consolidate.execute({ dry_run: true }, context);
    expect(dry).toMatchObject({ dryRun: true, linksCreated: 4, episodeIdsDropped: 1 });
    expect(consolidateText(dry)).toMatch(/^Consolidation dry run \(nothing written\)\./);
    expect((await linkHealth()).links).toEqual(before);
  });
});
