/** Public API of @kioku/consolidation: what other projects use; everything else is internal. */
export {
  type ConsolidateInput,
  consolidateInputSchema,
} from './lib/application/consolidate/consolidate.input';
export {
  type ConsolidateResult,
  ConsolidateUseCase,
} from './lib/application/consolidate/consolidate.use-case';
export { mergeMemoriesInputSchema } from './lib/application/merge-memories/merge-memories.input';
export {
  type MergeCheck,
  type MergeMemoriesResult,
  MergeMemoriesUseCase,
} from './lib/application/merge-memories/merge-memories.use-case';
export { type WakeUpInput } from './lib/application/wake-up/wake-up.input';
export { type WakeUpResult, WakeUpUseCase } from './lib/application/wake-up/wake-up.use-case';
export { consolidationModule } from './lib/consolidation.module';
