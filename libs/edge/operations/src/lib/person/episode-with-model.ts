/**
 * create_episode and consolidate for a client that lends its model (MCP sampling). create_episode
 * without a summary has the model draft one from the members' public texts and saves the episode —
 * what the call asked for; no draft, no episode. consolidate with `episode: "draft"` returns a draft of
 * the window's public memories without saving it, and with `"save"` creates the episode too.
 */
import type { Container } from 'inversify';
import type { CallContext } from '@kioku/call-context';
import { ConsolidateUseCase, type ConsolidateInput } from '@kioku/consolidation';
import { CreateEpisodeUseCase } from '@kioku/episodes';
import { AppError, KERNEL_TOKENS } from '@kioku/kernel';
import { ReadMemoriesUseCase, type Memory } from '@kioku/memory';
import {
  noDraftReason,
  type ConsolidateOutcome,
  type CreateEpisodeOutcome,
} from '../shared/episode-draft.presenter';
import type { ClientModel } from './client-model';
import { draftSummary } from './draft-summary';

/** The window's newest public memories a draft covers at most. */
const WINDOW_MEMORIES = 50;

export async function createEpisodeWithModel(
  container: Container,
  memoryIds: string[],
  context: CallContext,
  model: ClientModel,
): Promise<CreateEpisodeOutcome> {
  const read = container.get(ReadMemoriesUseCase);
  const unique = [...new Set(memoryIds.map((id) => id.trim()))];
  const found = await Promise.all(unique.map((id) => read.get(id, context, { includePrivate: true })));
  const drafted = await draftSummary(
    model,
    found.filter((memory): memory is Memory => memory !== null),
  );
  if ('noDraft' in drafted)
    throw AppError.invalidInput(`No episode was created: ${noDraftReason(drafted.noDraft)} Give a summary.`);
  const result = await container
    .get(CreateEpisodeUseCase)
    .execute({ memoryIds: unique, summary: drafted.summary }, context);
  return { ...result, summaryDrafted: true };
}

export async function consolidateWithModel(
  container: Container,
  input: ConsolidateInput & { episode: 'draft' | 'save' },
  context: CallContext,
  model: ClientModel,
): Promise<ConsolidateOutcome> {
  if (input.episode === 'save' && input.dryRun)
    throw AppError.invalidInput('A dry run writes nothing: ask for episode "draft", or leave dry_run out.');
  const result = await container.get(ConsolidateUseCase).execute(input, context);
  const since = new Date(container.get(KERNEL_TOKENS.Clock).now().getTime() - result.windowHours * 3_600_000);
  const window = await container.get(ReadMemoriesUseCase).newest(context, WINDOW_MEMORIES, { since });
  const drafted = await draftSummary(model, window);
  if ('noDraft' in drafted || input.episode === 'draft') return { ...result, episodeDraft: drafted };
  const created = await container.get(CreateEpisodeUseCase).execute(drafted, context);
  return { ...result, episodeDraft: { ...drafted, episodeId: created.episode.id } };
}
