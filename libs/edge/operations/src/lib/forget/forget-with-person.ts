/**
 * forget when the caller's person can be asked (MCP elicitation): a delete by id, or the execution of
 * an auto-forget sweep, asks them and deletes in the same call only on their yes. It is the two-call
 * confirmation with the person's answer as the second call: the first call is made for a caller id of
 * this question alone, so no other call — the agent's own second call included — can confirm what the
 * person is being asked; the second is made only when they confirm. Whatever else they answer (no,
 * dismissed, not ticked, no answer within the confirmation window, a client gone) deletes nothing.
 * A query and a dry run delete nothing and run as they are.
 */
import { randomUUID } from 'node:crypto';
import type { Container } from 'inversify';
import type { z } from 'zod';
import type { CallContext } from '@kioku/call-context';
import { KERNEL_TOKENS } from '@kioku/kernel';
import {
  FORGETTING_TOKENS,
  windowInWords,
  type ForgetResult,
  type ForgettingSettings,
} from '@kioku/forgetting';
import type { forgetInputSchema } from '@kioku/forgetting/schemas';
import { ReadMemoriesUseCase, type Memory } from '@kioku/memory';
import { forgetIdsQuestion, sweepQuestion } from './forget-question.presenter';
import type { ForgetOutcome } from './forget.presenter';
import type { Person } from '../person/person';

export type ForgetWireInput = z.output<typeof forgetInputSchema>;
/** The forget operation's own run: the wire input mapped to the use case. */
export type RunForget = (input: ForgetWireInput, context: CallContext) => Promise<ForgetResult>;

interface Asking {
  container: Container;
  person: Person;
  run: RunForget;
  /** The caller, as only this question's calls are: what it asks can be confirmed by nothing else. */
  context: CallContext;
  settings: ForgettingSettings;
  now: Date;
}

export async function forgetWithPerson(
  container: Container,
  input: ForgetWireInput,
  context: CallContext,
  person: Person,
  run: RunForget,
): Promise<ForgetOutcome> {
  const byIds = input.memory_id !== undefined || input.memory_ids !== undefined;
  const executesSweep = input.sweep === true && input.dry_run === false;
  if (!byIds && !executesSweep) return run(input, context);
  const asking: Asking = {
    container,
    person,
    run,
    context: { ...context, callerId: `${context.callerId}/person/${randomUUID()}` },
    settings: container.get(FORGETTING_TOKENS.Settings),
    now: container.get(KERNEL_TOKENS.Clock).now(),
  };
  return byIds ? forgetIds(asking, input) : executeSweep(asking);
}

async function forgetIds(asking: Asking, input: ForgetWireInput): Promise<ForgetOutcome> {
  const first = idsResult(await asking.run(input, asking.context));
  if (first.pending.length === 0) return first;
  const memories = first.pending.map((pending) => pending.memory);
  const ids = memories.map((memory) => memory.id);
  const answer = await asking.person.confirm({
    message: forgetIdsQuestion(memories, asking.now, asking.settings.trashRetentionDays),
    confirmLabel: ids.length === 1 ? 'Yes, forget it' : `Yes, forget these ${ids.length}`,
    timeoutMs: asking.settings.confirmationWindowMs,
  });
  const unconfirmed = { mode: 'not_confirmed' as const, asked: ids, notFound: first.notFound };
  const within = windowInWords(asking.settings.confirmationWindowMs);
  if (answer !== 'confirmed')
    return { ...unconfirmed, answer, refused: first.refused, confirmWithin: within };
  const second = idsResult(await asking.run({ memory_ids: ids }, asking.context));
  // A yes that came after the window confirms nothing: the second call only asked again.
  if (second.forgotten.length === 0 && second.pending.length > 0)
    return { ...unconfirmed, answer: 'timed_out', refused: first.refused, confirmWithin: within };
  return {
    ...second,
    notFound: [...first.notFound, ...second.notFound],
    refused: [...first.refused, ...second.refused],
  };
}

async function executeSweep(asking: Asking): Promise<ForgetOutcome> {
  const report = await asking.run({ sweep: true, dry_run: true }, asking.context);
  if (report.mode !== 'sweep_report') throw new Error(`forget's dry run answered in mode ${report.mode}`);
  const { scan } = report;
  if (scan.toDrop === 0)
    return { mode: 'sweep_executed', drop: { dropped: [], kept: [] }, restorableUntil: null };
  const samples = await sampledMemories(asking, scan.samplesToDrop);
  const answer = await asking.person.confirm({
    message: sweepQuestion(scan.toDrop, samples, asking.now, asking.settings.trashRetentionDays),
    confirmLabel: scan.toDrop === 1 ? 'Yes, drop it' : `Yes, drop these ${scan.toDrop}`,
    timeoutMs: asking.settings.confirmationWindowMs,
  });
  const within = windowInWords(asking.settings.confirmationWindowMs);
  const unconfirmed = { mode: 'not_confirmed' as const, asked: scan.dropIds, notFound: [], refused: [] };
  if (answer !== 'confirmed') return { ...unconfirmed, answer, confirmWithin: within };
  const executed = await asking.run({ sweep: true, dry_run: false }, asking.context);
  // The dry run expired before the yes arrived: nothing was dropped.
  if (executed.mode === 'sweep_needs_dry_run')
    return { ...unconfirmed, answer: 'timed_out', confirmWithin: within };
  return executed;
}

/** The sampled memories of the drop list, read without counting an access (private ones included). */
async function sampledMemories<S extends { id: string }>(
  asking: Asking,
  samples: S[],
): Promise<{ sample: S; memory: Memory }[]> {
  const read = asking.container.get(ReadMemoriesUseCase);
  const memories = await Promise.all(
    samples.map((sample) => read.get(sample.id, asking.context, { includePrivate: true })),
  );
  return samples.flatMap((sample, i) => (memories[i] ? [{ sample, memory: memories[i] }] : []));
}

function idsResult(result: ForgetResult): Extract<ForgetResult, { mode: 'ids' }> {
  if (result.mode !== 'ids') throw new Error(`forget by id answered in mode ${result.mode}`);
  return result;
}
