/**
 * What each completable argument offers (`completion/complete`), for one session and so one
 * namespace: the categories and emotions kioku knows, the tags in use and the ids of the namespace's
 * memories (newest first), matched by prefix. Private memories' ids, and tags only private memories
 * carry, are offered only when the request's other arguments say `include_private: "true"`. The SDK
 * answers the first 100 with the total and whether there are more.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { MEMORY_CATEGORIES } from '@kioku/categories';
import { EMOTIONS } from '@kioku/memory/schemas';
import { withApp } from '../app-call';
import { onSessionClose } from '../session-close';
import type { ToolDeps } from '../tools/tool-runner';
import type { NamespaceVocabulary } from './namespace-vocabulary';
import { holdVocabulary, type VocabularyHold } from './vocabulary-source';

type Complete = (
  value: string | undefined,
  context?: { arguments?: Record<string, string> },
) => Promise<string[]>;

export interface Completers {
  categories: Complete;
  emotions: Complete;
  tags: Complete;
  memoryIds: Complete;
  /** `true` or `false`, for an argument such as `include_private`. */
  yesNo: (value: string | undefined) => Promise<('true' | 'false')[]>;
}

export function sessionCompleters(server: McpServer, deps: ToolDeps): Completers {
  let hold: Promise<VocabularyHold> | undefined;
  let closed = false;
  const vocabulary = (): Promise<NamespaceVocabulary> =>
    withApp(deps, 'completion.error', async (container) => {
      const current = (hold ??= holdVocabulary(container, deps.context.namespace));
      try {
        const held = await current;
        if (closed) held.release();
        return await held.vocabulary;
      } catch (error) {
        // Could not be read (the store down): the next completion tries again.
        if (hold === current) hold = undefined;
        void current.then(
          (held) => held.release(),
          () => undefined,
        );
        throw error;
      }
    });
  onSessionClose(server, () => {
    closed = true;
    void hold?.then(
      (held) => held.release(),
      () => undefined,
    );
  });
  const askedForPrivate = (context?: { arguments?: Record<string, string> }) =>
    context?.arguments?.include_private === 'true';
  return {
    categories: async (value) => startingWith(MEMORY_CATEGORIES, value),
    emotions: async (value) => startingWith(EMOTIONS, value),
    yesNo: async (value) => startingWith(YES_NO, value),
    tags: async (value, context) => (await vocabulary()).tags(value ?? '', askedForPrivate(context)),
    memoryIds: async (value, context) =>
      (await vocabulary()).ids((value ?? '').trim(), askedForPrivate(context)),
  };
}

const YES_NO = ['true', 'false'] as const;

function startingWith<T extends string>(values: readonly T[], prefix: string | undefined): T[] {
  const start = (prefix ?? '').trim().toLowerCase();
  return values.filter((value) => value.startsWith(start));
}
