/**
 * The table of operations: every operation kioku serves to agents and programs, each declared once in
 * a folder of its own (`<operation>/<operation>.operation.ts`, beside its presenter). The MCP tools are
 * listed in this order; the gateway serves each entry's routes.
 */
import { consolidate } from './consolidate/consolidate.operation';
import { createEpisode } from './create-episode/create-episode.operation';
import { forget } from './forget/forget.operation';
import { getEpisode } from './get-episode/get-episode.operation';
import { linkMemories } from './link-memories/link-memories.operation';
import { mergeMemories } from './merge-memories/merge-memories.operation';
import type { Operation } from './operation';
import { recall } from './recall/recall.operation';
import { remember } from './remember/remember.operation';
import { rememberBatch } from './remember-batch/remember-batch.operation';
import { restore } from './restore/restore.operation';
import { updateMemory } from './update-memory/update-memory.operation';
import { wakeUp } from './wake-up/wake-up.operation';

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
