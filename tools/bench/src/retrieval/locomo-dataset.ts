/**
 * Reads a conversational-memory dataset in the LoCoMo-derived format of the dev split (conversations
 * with turns and evidence-annotated questions). Research data is never part of the repository: the
 * benchmark takes its path. Bad files fail with the conversation and field that are wrong.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const turnSchema = z.object({
  id: z.string().min(1),
  date: z.string().optional(),
  /** Who said it; left out for notes an agent saves on its own (`tools/bench/datasets`). */
  speaker: z.string().min(1).optional(),
  text: z.string(),
});

const questionSchema = z.object({
  q: z.string().min(1),
  evidence: z.array(z.string()).optional().default([]),
  cat: z.number().int(),
});

const conversationSchema = z.object({
  conv: z.string().min(1),
  speakers: z.array(z.string()).optional(),
  turns: z.array(turnSchema).min(1),
  qa: z.array(questionSchema),
});

export type Conversation = z.infer<typeof conversationSchema>;
export type Question = z.infer<typeof questionSchema>;

/** Question categories scored for retrieval; 5 (adversarial, no answer in the conversation) is not. */
export const SCORED_CATEGORIES: Record<number, string> = {
  1: 'multi-hop',
  2: 'temporal',
  3: 'open-domain',
  4: 'single-hop',
};

export function loadConversations(file: string): Conversation[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read the dataset ${file}: ${(error as Error).message}`);
  }
  const parsed = z.array(conversationSchema).min(1).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `the dataset ${file} is not in the expected format: ${issue.path.join('.')}: ${issue.message}`,
    );
  }
  return parsed.data;
}

/** The memory text of a turn, as a user of kioku would save a conversation (a note without a speaker as it is). */
export function turnText(turn: Conversation['turns'][number]): string {
  return turn.speaker === undefined ? turn.text : `${turn.speaker}: ${turn.text}`;
}

/** Questions that retrieval is scored on: a scored category and at least one evidence turn. */
export function scoredQuestions(conversation: Conversation): Question[] {
  return conversation.qa.filter((q) => q.cat in SCORED_CATEGORIES && q.evidence.length > 0);
}
