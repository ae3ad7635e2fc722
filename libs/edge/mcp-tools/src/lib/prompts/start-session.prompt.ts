/**
 * `start_session`: the start of a piece of work — what wake_up tells, and the memories that matter
 * for the topic the user names, private ones only when asked for. Reading counts no access.
 */
import { snippet } from '@kioku/kernel';
import { wakeUpText } from '@kioku/operations';
import { memoryLine } from './memory-lines';
import { definePrompt } from './prompt';
import { includePrivateArgument, topicArgument } from './prompt-arguments';

const ABOUT_LIMIT = 5;

export const startSession = definePrompt({
  name: 'start_session',
  title: 'Start a session',
  description:
    'Start work with what your memory holds: an orientation (as wake_up gives) and the memories that matter for a topic.',
  arguments: (complete) => ({
    topic: topicArgument(
      'What this session is about; the memories that matter for it are included.',
      complete,
    ),
    include_private: includePrivateArgument(complete),
  }),
  message: async ({ topic, include_private }, { container, context, now }) => {
    const includePrivate = include_private === 'true';
    const [WakeUpUseCase, ReadMemoriesUseCase] = await Promise.all([
      import('@kioku/consolidation').then((consolidation) => consolidation.WakeUpUseCase),
      import('@kioku/memory').then((memory) => memory.ReadMemoriesUseCase),
    ]);
    const orientation = await container.get(WakeUpUseCase).execute({ includePrivate }, context);
    const lines = [
      topic ? `Let's start a session about "${snippet(topic, 80)}".` : "Let's start a session.",
      'Here is what your memory (kioku) holds:',
      '',
      wakeUpText(orientation, now),
    ];
    if (topic) {
      const about = await container
        .get(ReadMemoriesUseCase)
        .about(topic, context, { limit: ABOUT_LIMIT, includePrivate });
      lines.push(
        '',
        about.length > 0
          ? `The memories that matter most for "${snippet(topic, 80)}":`
          : `No memories about "${snippet(topic, 80)}" yet.`,
        ...about.map((memory) => memoryLine(memory, now)),
      );
    }
    lines.push(
      '',
      'Use this as context. When something comes up, recall more; as we settle things, remember them.',
    );
    return lines.join('\n');
  },
});
