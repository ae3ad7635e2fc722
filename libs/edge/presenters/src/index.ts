/**
 * `@kioku/presenters`: the edge's wording (MCP text) and views (structured results) of the domain
 * results, with the zod schema of every tool result and REST response. Shared by the MCP tools and the
 * gateway. It imports only types from the domain libraries, so loading it loads no use case.
 */
export * from './lib/shared/compose-response';
export * from './lib/shared/memory-view.output';
export * from './lib/memory/memory.output';
export * from './lib/memory/memory.presenter';
export * from './lib/forgetting/forget.output';
export * from './lib/forgetting/forget.text';
export * from './lib/forgetting/forget.view';
export * from './lib/forgetting/restore.presenter';
export * from './lib/episodes/episode.output';
export * from './lib/episodes/episode.presenter';
export * from './lib/consolidation/consolidation.output';
export * from './lib/consolidation/consolidation.presenter';
export * from './lib/consolidation/wake-up.presenter';
