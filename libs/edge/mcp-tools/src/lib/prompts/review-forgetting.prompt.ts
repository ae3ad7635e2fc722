/**
 * `review_forgetting`: a review of what memory could let go of, with the user — the auto-forget dry
 * run and consolidate's near-duplicates and fading memories, a proposal, and nothing deleted before
 * the user agrees (their client may ask them to confirm).
 */
import { snippet } from '@kioku/kernel';
import { definePrompt } from './prompt';
import { topicArgument } from './prompt-arguments';

export const reviewForgetting = definePrompt({
  name: 'review_forgetting',
  title: 'Review what could be forgotten',
  description:
    'Go through what auto-forget would drop and what is fading or duplicated, propose what to keep, merge or let go, and delete only what the user agrees to.',
  arguments: (complete) => ({
    keep: topicArgument('A topic, person or tag whose memories must stay, whatever their score.', complete),
  }),
  message: async ({ keep }) =>
    [
      "Let's review what my memory could let go of. Nothing is deleted until I agree.",
      '1. Run forget with sweep: true (a dry run: it deletes nothing) and consolidate with dry_run: true (it lists near-duplicates and fading memories).',
      '2. For each memory the dry run would drop, and each fading one, read it and tell me in one line what it is and why it is due.' +
        (keep
          ? ` Keep anything about "${snippet(keep, 80)}": raise its importance with update_memory instead (5 pins it).`
          : ''),
      '3. Propose which to drop, which to keep (raise their importance), which near-duplicates to merge with merge_memories, and which fading ones to condense into one new memory.',
      '4. Only after I agree: run forget with sweep: true, dry_run: false, and the merges (my client may ask me to confirm). What is deleted stays in the trash for a while; restore brings it back.',
    ].join('\n'),
});
