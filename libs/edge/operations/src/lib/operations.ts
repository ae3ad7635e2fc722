/**
 * The table of operations: every operation kioku serves to agents and programs, each declared once
 * (`catalogue/`). The MCP tools are listed in this order; the gateway serves each entry's routes.
 */
import { consolidate, mergeMemories, wakeUp } from './catalogue/consolidation.operations';
import { createEpisode, getEpisode } from './catalogue/episodes.operations';
import { forget, restore } from './catalogue/forgetting.operations';
import { linkMemories, recall, remember, rememberBatch, updateMemory } from './catalogue/memory.operations';
import type { Operation } from './operation';

export const OPERATIONS: readonly Operation[] = [
  wakeUp,
  remember,
  rememberBatch,
  recall,
  updateMemory,
  linkMemories,
  forget,
  restore,
  createEpisode,
  getEpisode,
  consolidate,
  mergeMemories,
];
