/**
 * `save_conversation`: the end of a conversation — guides the agent to remember what it settled
 * (decisions, facts, preferences, commitments), one self-contained memory each, private where it fits,
 * tagged with the tags already in use, grouped in an episode.
 */
import { snippet } from '@kioku/kernel';
import { definePrompt } from './prompt';
import { categoryArgument, tagArgument, topicArgument } from './prompt-arguments';

/** How many of the public tags in use the message names. */
const TAGS_NAMED = 15;

export const saveConversation = definePrompt({
  name: 'save_conversation',
  title: 'Save what this conversation settled',
  description:
    'Remember the decisions, facts, preferences and commitments of this conversation, one memory each, then group them.',
  arguments: (complete) => ({
    topic: topicArgument('What to focus on, if not everything the conversation settled.', complete),
    category: categoryArgument('The category for what is saved, unless another fits better.', complete),
    tag: tagArgument('A tag to put on everything saved.', complete),
  }),
  message: async ({ topic, category, tag }, { completers }) => {
    const inUse = (await completers.tags('')).slice(0, TAGS_NAMED);
    const about = topic ? ` about "${snippet(topic, 80)}"` : '';
    const tags = [
      ...(tag ? [`including "${tag}"`] : []),
      ...(inUse.length > 0 ? [`reusing the tags already in use where they fit (${inUse.join(', ')})`] : []),
    ];
    return [
      `Before we finish, save what this conversation settled${about} to your memory (kioku):`,
      '1. List the decisions, facts, preferences and commitments we reached — not the back-and-forth.',
      '2. Save each with remember, one memory each: one self-contained sentence that will make sense months from now (who, what, when),' +
        ` with a category${category ? ` (${category}, unless another fits better)` : ''},` +
        ' an importance (4 for what must last, 5 pins it), an emotion when one was felt,' +
        ` and tags${tags.length > 0 ? ` ${tags.join(', ')}` : ''}.`,
      '3. Use private: true for anything personal or sensitive that should stay out of shared files and logs.',
      '4. If remember answers that a very similar memory exists, decide whether yours adds something; if it corrects it, use update_memory on the existing one instead.',
      '5. Group what you saved with create_episode and a one-line summary, then tell me in a short list what you saved, with the ids.',
    ].join('\n');
  },
});
