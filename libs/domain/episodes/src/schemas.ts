/** Schemas entry point (`@kioku/episodes/schemas`): tool input schemas, pure zod (see `@kioku/memory/schemas`). */
export { createEpisodeInputSchema } from './lib/application/create-episode/create-episode.input';
export { getEpisodeInputSchema } from './lib/application/get-episode/get-episode.input';
