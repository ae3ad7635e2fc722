/**
 * Scenarios shared by the consolidation specs and the specs of its presenters (at the edge): a
 * recent day of memories with links, an episode and a deleted member for consolidate; a pair to
 * merge with links on both sides for merge_memories. Built on the forgetting test kit.
 */
import { CreateEpisodeUseCase } from '@kioku/episodes';
import { MemoryDeleter } from '@kioku/forgetting';
import { createForgettingTestKit } from '@kioku/forgetting/testing';
import type { Link } from '@kioku/links';
import { ConsolidateUseCase } from '../application/consolidate/consolidate.use-case';
import { MergeMemoriesUseCase } from '../application/merge-memories/merge-memories.use-case';
import { consolidationModule } from '../consolidation.module';

const HOUR = 3_600_000;

/** A link as stored, for seeding the link repository. */
const testLink = (sourceId: string, targetId: string, type: Link['type'], confidence: number): Link => ({
  sourceId,
  targetId,
  type,
  confidence,
  note: '',
  createdAt: '',
});

/**
 * An old memory fading (57 days before the rest), a twin of a recent one, four recent memories an
 * hour apart (two pairs sharing tags and emotion), a strong and a weak link, and an episode whose
 * second member was deleted.
 */
export async function consolidateScenario() {
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
  await links.saveBoth('test', [
    testLink(m3.id, m4.id, 'related', 0.5),
    testLink(m2.id, faded.id, 'related', 0.05),
  ]);
  const { episode } = await kit.container
    .get(CreateEpisodeUseCase)
    .execute({ memoryIds: [m1.id, gone.id], summary: 'A day' }, kit.context);
  await kit.container.get(MemoryDeleter).delete('test', gone.id, 'forget');
  return {
    ...kit,
    consolidate: kit.container.get(ConsolidateUseCase),
    ids: { faded, twin, m1, m2, m3, m4 },
    episode,
  };
}

/** `keep` and `remove` (linked as similar), and x, y, z linked to one or both of them. */
export async function mergeScenario() {
  const kit = createForgettingTestKit({ modules: [consolidationModule()], memory: { linkDistance: 0 } });
  const make = (content: string, extra = {}) => kit.remember({ content, ...extra });
  const keep = await make("Today's conversation was fun. I learned a lot from Master.");
  const remove = await make("Today's conversation was enjoyable. Master taught me many things.");
  const [x, y, z] = [await make('Friend X'), await make('Friend Y'), await make('Friend Z')];
  await kit.links.saveBoth('test', [
    testLink(keep.id, remove.id, 'similar', 0.9),
    testLink(keep.id, x.id, 'related', 0.8),
    testLink(remove.id, x.id, 'related', 0.3),
    testLink(remove.id, y.id, 'caused_by', 0.7),
    testLink(keep.id, z.id, 'related', 0.2),
    testLink(remove.id, z.id, 'related', 0.6),
  ]);
  return { ...kit, keep, remove, x, y, z, merge: kit.container.get(MergeMemoriesUseCase) };
}
