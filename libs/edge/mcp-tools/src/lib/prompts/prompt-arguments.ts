/**
 * The arguments the prompts share, each a bounded string (prompt arguments are strings) with its
 * description and completer.
 */
import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import { z } from 'zod';
import type { Completers } from '../completion/completers';

const TEXT_LIMIT = 200;

export function includePrivateArgument(complete: Completers) {
  return completable(
    z
      .enum(['true', 'false'])
      .optional()
      .describe('"true" to include private memories (left out unless asked for).'),
    complete.yesNo,
  );
}

/** A topic, a person or a project: free text, completed with the tags in use. */
export function topicArgument(description: string, complete: Completers) {
  return completable(topic().optional().describe(description), complete.tags);
}

export function requiredTopicArgument(description: string, complete: Completers) {
  return completable(topic().describe(description), complete.tags);
}

function topic() {
  return z.string().trim().min(1).max(TEXT_LIMIT);
}

export function categoryArgument(description: string, complete: Completers) {
  return completable(z.string().max(40).optional().describe(description), complete.categories);
}

export function emotionArgument(description: string, complete: Completers) {
  return completable(z.string().max(40).optional().describe(description), complete.emotions);
}

/** A tag to put on what is saved: one tag, as the tags in use are named. */
export function tagArgument(description: string, complete: Completers) {
  return completable(z.string().trim().min(1).max(64).optional().describe(description), complete.tags);
}
