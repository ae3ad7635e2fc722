/**
 * The setup that the episodes specs and the specs of its presenters (at the edge) share: the memory
 * test kit with episodes loaded and three memories of a trip saved an hour apart.
 */
import { RememberUseCase } from '@kioku/memory';
import { createMemoryTestKit } from '@kioku/memory/testing';
import { CreateEpisodeUseCase } from '../application/create-episode/create-episode.use-case';
import { GetEpisodeUseCase } from '../application/get-episode/get-episode.use-case';
import { episodesModule } from '../episodes.module';

export async function kyotoTripSetup() {
  const kit = createMemoryTestKit({ settings: { dedupDistance: 0 } });
  kit.container.loadSync(episodesModule());
  const ids: string[] = [];
  for (const [content, importance] of [
    ['Arrived in Kyoto', 3],
    ['Visited Fushimi Inari', 4],
    ['Ate yudofu', 2],
  ] as const) {
    const r = await kit.container.get(RememberUseCase).execute({ content, importance }, kit.context);
    if (r.status === 'saved') ids.push(r.memory.id);
    kit.clock.advance(3_600_000);
  }
  return {
    ...kit,
    ids,
    create: kit.container.get(CreateEpisodeUseCase),
    get: kit.container.get(GetEpisodeUseCase),
  };
}
