/**
 * The REST responses the dashboard reads, named: each is a response body of the gateway's OpenAPI
 * document as openapi.ts declares it (generated from /openapi.json; never edited by hand).
 */
import type { operations } from './openapi';

/** The JSON body of an operation's response with the given status. */
type Body<
  Id extends keyof operations,
  Status extends keyof operations[Id]['responses'],
> = operations[Id]['responses'][Status] extends { content: { 'application/json': infer T } } ? T : never;

export type MemoryInspection = Body<'get_memory', 200>;
export type MemoryView = MemoryInspection['memory'];
export type RecallResult = Body<'recall', 200>['results'][number];
export type ForgetIds = Body<'delete_memory', 200>;
export type DeleteRequested = Body<'delete_memory', 202>;
export type TrashListing = Body<'list_trash', 200>;
export type ConsolidateOutput = Body<'consolidate', 200>;
export type MemoryContent = ConsolidateOutput['fading'][number];
export type Merged = Body<'merge_memories', 200>;
export type SweepReport = Body<'forget_sweep', 200>;
export type SweepSample = SweepReport['sampleIdsToDrop'][number];
export type SweepExecuted = Body<'forget_sweep_execute', 200>;
export type NamespaceStats = Body<'namespace_stats', 200>;
/** A UTC day of the namespace's history: memories added and forgotten, and those held at its end. */
export type HistoryDay = NamespaceStats['history'][number];
export type WorkerReport = Body<'worker_reports', 200>['reports'][number];
