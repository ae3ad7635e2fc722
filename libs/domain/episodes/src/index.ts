/** Public API of @kioku/episodes: what other projects use; everything else is internal. */
export {
  type CreateEpisodeResult,
  CreateEpisodeUseCase,
} from './lib/application/create-episode/create-episode.use-case';
export { EpisodeRepository } from './lib/application/episode.repository';
export { type GetEpisodeResult, GetEpisodeUseCase } from './lib/application/get-episode/get-episode.use-case';
export {
  type InspectMemoryResult,
  InspectMemoryUseCase,
} from './lib/application/inspect-memory/inspect-memory.use-case';
export { EpisodeMaintenance } from './lib/application/maintenance/episode-maintenance';
export { type Episode } from './lib/domain/episode';
export { episodesModule } from './lib/episodes.module';
