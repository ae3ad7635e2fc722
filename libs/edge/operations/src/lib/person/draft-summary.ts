/**
 * An episode's summary drafted by the client's model from its memories' texts. Only public memories
 * are sent — a private memory never leaves kioku this way — and only the newest MAX_TEXTS, each cut
 * to a snippet. The draft is one line of at most SUMMARY_CHARS characters.
 */
import { snippet } from '@kioku/kernel';
import type { Memory } from '@kioku/memory';
import type { NoDraftReason } from '../shared/episode-draft.presenter';
import type { ClientModel } from './client-model';

/** How long the client (and its person, if it asks them) has to draft. */
const DRAFT_TIMEOUT_MS = 120_000;
const SUMMARY_CHARS = 300;
const MAX_TEXTS = 50;
const TEXT_CHARS = 400;

const INSTRUCTIONS =
  'These are notes an assistant kept of one stretch of time. Write one sentence, at most 200 characters, ' +
  'that names what happened in them, to serve as the title of this episode. Answer with the sentence only.';

export type DraftedSummary =
  { summary: string; memoryIds: string[] } | { noDraft: NoDraftReason; memoryIds: string[] };

export async function draftSummary(model: ClientModel, memories: Memory[]): Promise<DraftedSummary> {
  const shared = memories
    .filter((memory) => !memory.isPrivate)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, MAX_TEXTS)
    .reverse();
  const memoryIds = shared.map((memory) => memory.id);
  if (shared.length === 0) return { noDraft: 'nothing_public', memoryIds };
  const answer = await model.draft({
    instructions: INSTRUCTIONS,
    texts: shared.map((memory) => snippet(memory.content, TEXT_CHARS)),
    maxCharacters: SUMMARY_CHARS,
    timeoutMs: DRAFT_TIMEOUT_MS,
  });
  return 'drafted' in answer
    ? { summary: answer.drafted, memoryIds }
    : { noDraft: answer.refused, memoryIds };
}
