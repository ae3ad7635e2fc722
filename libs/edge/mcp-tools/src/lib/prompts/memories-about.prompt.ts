/**
 * `memories_about`: what memory holds about a person, a project or a topic — the memories recall
 * ranks first for it (without counting an access), filtered by category or emotion if asked, private
 * ones only when asked for — and how to summarise them.
 */
import { snippet } from '@kioku/kernel';
import { memoryLine } from './memory-lines';
import { definePrompt } from './prompt';
import {
  categoryArgument,
  emotionArgument,
  includePrivateArgument,
  requiredTopicArgument,
} from './prompt-arguments';

const LIMIT = 10;

export const memoriesAbout = definePrompt({
  name: 'memories_about',
  title: 'What do you remember about…',
  description: 'The memories about a person, a project or a topic, and a summary of what they say.',
  arguments: (complete) => ({
    subject: requiredTopicArgument('A person, a project or a topic.', complete),
    category: categoryArgument('Only memories of this category.', complete),
    emotion: emotionArgument('Only memories with this primary emotion.', complete),
    include_private: includePrivateArgument(complete),
  }),
  message: async ({ subject, category, emotion, include_private }, { container, context, now }) => {
    const { ReadMemoriesUseCase } = await import('@kioku/memory');
    const memories = await container.get(ReadMemoriesUseCase).about(subject, context, {
      limit: LIMIT,
      category,
      emotion,
      includePrivate: include_private === 'true',
    });
    const named = `"${snippet(subject, 80)}"`;
    const filters = [category && `category ${category}`, emotion && `emotion ${emotion}`].filter(Boolean);
    if (memories.length === 0)
      return `Your memory (kioku) has nothing about ${named}${filters.length > 0 ? ` (${filters.join(', ')})` : ''}. Ask me what I would like you to remember about it.`;
    return [
      `What do you remember about ${named}? These are the memories kioku finds most relevant${filters.length > 0 ? ` (${filters.join(', ')})` : ''}:`,
      ...memories.map((memory) => memoryLine(memory, now)),
      '',
      `Summarise what they say about ${named}: the facts, the decisions and how they changed over time, citing ids. Say what seems outdated or contradictory, and what is missing. Change nothing without asking me.`,
    ].join('\n');
  },
});
