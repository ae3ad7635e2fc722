import { CreateEpisodeUseCase } from '@kioku/episodes';
import { createForgettingTestKit } from '@kioku/forgetting/testing';
import { MemoryDeleter } from '@kioku/forgetting';
import type { Link } from '@kioku/links';
import { consolidationModule } from '../../consolidation.module';
import { ConsolidateUseCase } from './consolidate.use-case';

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
  it('is idempotent: a second run changes no link', async () => {
    const { consolidate, context, linkHealth } = await scenario();
    await consolidate.execute({}, context);
    const before = (await linkHealth()).links;
    const second = await consolidate.execute({}, context);
    expect(second).toMatchObject({
      linksCreated: 0,
      linksStrengthened: 0,
      linksPruned: 0,
      episodeIdsDropped: 0,
    });
    expect((await linkHealth()).links).toEqual(before);
  });

  it('never proposes protected memories for merging', async () => {
    const kit = createForgettingTestKit({ modules: [consolidationModule()], memory: { linkDistance: 0 } });
    await kit.remember({ content: 'Always keep two backups', importance: 5 });
    await kit.remember({ content: 'Always keep two backups' });
    const result = await kit.container.get(ConsolidateUseCase).execute({}, kit.context);
    expect(result.mergeCandidates).toEqual([]);
  });

  it('only looks at the window', async () => {
    const { consolidate, context } = await scenario();
    expect(await consolidate.execute({ window_hours: 2.5 }, context)).toMatchObject({ replayed: 2 });
  });
});
