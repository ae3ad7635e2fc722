/**
 * `@kioku/presenters`: the edge's wording (MCP text) and views (structured results) of the domain
 * results, with the zod schema of every tool result and REST response. Shared by the MCP tools and the
 * gateway. It imports only types from the domain libraries, so loading it loads no use case.
 */
export {
  consolidateOutputSchema,
  mergeMemoriesOutputSchema,
  mergeMemoriesToolOutputSchema,
  mergedSchema,
  wakeUpOutputSchema,
} from './lib/consolidation/consolidation.output';
export {
  consolidateStructured,
  consolidateText,
  mergeMemoriesStructured,
  mergeMemoriesText,
} from './lib/consolidation/consolidation.presenter';
export { type MergeOutcome } from './lib/consolidation/merge-outcome';
export { mergeQuestion } from './lib/consolidation/merge-question.text';
export { wakeUpStructured, wakeUpText } from './lib/consolidation/wake-up.presenter';
export {
  createEpisodeOutputSchema,
  episodeFoundSchema,
  getEpisodeOutputSchema,
  getEpisodeToolOutputSchema,
} from './lib/episodes/episode.output';
export {
  type ConsolidateOutcome,
  type CreateEpisodeOutcome,
  type NoDraftReason,
  noDraftReason,
} from './lib/episodes/episode-drafts';
export {
  createEpisodeStructured,
  createEpisodeText,
  getEpisodeStructured,
  getEpisodeText,
} from './lib/episodes/episode.presenter';
export {
  forgetIdsSchema,
  forgetOutputSchema,
  forgetQuerySchema,
  forgetToolOutputSchema,
  restoreOutputSchema,
  restoreToolOutputSchema,
  restoredSchema,
  sweepExecutedSchema,
  sweepReportSchema,
} from './lib/forgetting/forget.output';
export { type ForgetOutcome } from './lib/forgetting/forget-outcome';
export { forgetIdsQuestion, sweepQuestion } from './lib/forgetting/forget-question.text';
export { forgetText } from './lib/forgetting/forget.text';
export { forgetStructured } from './lib/forgetting/forget.view';
export { restoreStructured, restoreText } from './lib/forgetting/restore.presenter';
export {
  linkMemoriesOutputSchema,
  linkMemoriesToolOutputSchema,
  memoriesLinkedSchema,
  recallOutputSchema,
  rememberBatchOutputSchema,
  rememberDuplicateSchema,
  rememberOutputSchema,
  rememberSavedSchema,
  rememberToolOutputSchema,
  updateMemoryFoundSchema,
  updateMemoryOutputSchema,
  updateMemoryToolOutputSchema,
} from './lib/memory/memory.output';
export {
  linkMemoriesStructured,
  linkMemoriesText,
  memoryView,
  recallStructured,
  recallText,
  rememberStructured,
  rememberText,
  updateMemoryStructured,
  updateMemoryText,
} from './lib/memory/memory.presenter';
export { rememberBatchStructured, rememberBatchText } from './lib/memory/remember-batch.presenter';
export { type UnconfirmedAnswer } from './lib/person/unconfirmed-answer';
export {
  memoryInspectionSchema,
  namespaceStatsSchema,
  trashListingSchema,
  WORKER_REPORT_STATUSES,
  workerReportsSchema,
  type WorkerReportsOutput,
} from './lib/inspection/inspection.output';
export {
  memoryInspectionStructured,
  namespaceStatsStructured,
  trashListingStructured,
} from './lib/inspection/inspection.presenter';
