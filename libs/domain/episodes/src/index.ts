export * from './lib/domain/episode';
export * from './lib/application/episode.repository';
export * from './lib/application/create-episode/create-episode.input';
export * from './lib/application/create-episode/create-episode.use-case';
export * from './lib/application/get-episode/get-episode.input';
export * from './lib/application/get-episode/get-episode.use-case';
export * from './lib/episodes.module';
export * from './lib/application/maintenance/episode-maintenance';
