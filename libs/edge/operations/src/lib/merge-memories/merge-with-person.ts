/**
 * merge_memories when the caller's person can be asked (MCP elicitation): the merge is checked (both
 * memories there, the removed one not protected), the person is shown the pair, and it runs only on
 * their yes; the use case checks again as it runs. Any other answer changes nothing.
 */
import type { Container } from 'inversify';
import type { CallContext } from '@kioku/call-context';
import { MergeMemoriesUseCase } from '@kioku/consolidation';
import { FORGETTING_TOKENS, windowInWords } from '@kioku/forgetting';
import { KERNEL_TOKENS } from '@kioku/kernel';
import { mergeQuestion } from './merge-question.presenter';
import type { MergeOutcome } from './merge-memories.presenter';
import type { Person } from '../person/person';

export interface MergeRequest {
  keepId: string;
  removeId: string;
  mergedContent?: string;
}

export async function mergeWithPerson(
  container: Container,
  request: MergeRequest,
  context: CallContext,
  person: Person,
): Promise<MergeOutcome> {
  const merge = container.get(MergeMemoriesUseCase);
  const checked = await merge.check(request, context);
  if (checked.status !== 'ready') return checked;
  const settings = container.get(FORGETTING_TOKENS.Settings);
  const now = container.get(KERNEL_TOKENS.Clock).now();
  const answer = await person.confirm({
    message: mergeQuestion(
      { keep: checked.keep, remove: checked.remove, mergedContent: request.mergedContent },
      now,
      settings.trashRetentionDays,
    ),
    confirmLabel: 'Yes, merge them',
    timeoutMs: settings.confirmationWindowMs,
  });
  if (answer !== 'confirmed')
    return {
      status: 'not_confirmed',
      answer,
      keepId: checked.keep.id,
      removeId: checked.remove.id,
      confirmWithin: windowInWords(settings.confirmationWindowMs),
    };
  return merge.execute(request, context);
}
