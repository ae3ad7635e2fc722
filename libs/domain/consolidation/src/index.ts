export * from './lib/application/wake-up/wake-up.use-case';
export * from './lib/domain/coactivation';
export * from './lib/application/consolidation-state.repository';
export * from './lib/application/consolidate/consolidate.input';
export * from './lib/application/consolidate/consolidate.use-case';
export * from './lib/application/merge-memories/merge-memories.input';
export * from './lib/application/merge-memories/merge-memories.use-case';
export * from './lib/consolidation.module';
