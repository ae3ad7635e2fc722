/** Binds the episodes library's repository and use cases. */
import { ContainerModule } from 'inversify';
import { EpisodeRepository } from './application/episode.repository';
import { CreateEpisodeUseCase } from './application/create-episode/create-episode.use-case';
import { GetEpisodeUseCase } from './application/get-episode/get-episode.use-case';
import { EpisodeMaintenance } from './application/maintenance/episode-maintenance';
import { InspectMemoryUseCase } from './application/inspect-memory/inspect-memory.use-case';

export function episodesModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    for (const service of [
      EpisodeRepository,
      CreateEpisodeUseCase,
      GetEpisodeUseCase,
      EpisodeMaintenance,
      InspectMemoryUseCase,
    ])
      bind(service).toSelf().inSingletonScope();
  });
}
