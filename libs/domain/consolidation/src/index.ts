/** Public API of @kioku/consolidation: what other projects use; everything else is internal. */
export { type ConsolidateInput } from './lib/application/consolidate/consolidate.input';
export {
  type ConsolidateResult,
  ConsolidateUseCase,
} from './lib/application/consolidate/consolidate.use-case';
export {
  type MergeMemoriesResult,
  MergeMemoriesUseCase,
} from './lib/application/merge-memories/merge-memories.use-case';
export { type WakeUpResult, WakeUpUseCase } from './lib/application/wake-up/wake-up.use-case';
export { consolidationModule } from './lib/consolidation.module';
