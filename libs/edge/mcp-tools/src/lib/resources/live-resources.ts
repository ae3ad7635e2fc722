/**
 * Tells the session's client when its resources change, whichever process on the data dir changed
 * them: the session follows its own namespace's memory changes (and no other) from the moment the
 * app is up, and sends `notifications/resources/list_changed` and `notifications/resources/updated`
 * (see change-notices.ts) at most every FLUSH_MS, so a burst of saves (an import) is a few
 * notifications. It stops following when the session closes.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { MemoryChange } from '@kioku/memory-changes';
import { onSessionClose } from '../session-close';
import type { ToolDeps } from '../tools/tool-runner';
import { noticesFor } from './change-notices';
import type { ResourceSubscriptions } from './resource-subscriptions';

const FLUSH_MS = 250;

export function followResourceChanges(
  server: McpServer,
  deps: ToolDeps,
  subscriptions: ResourceSubscriptions,
): void {
  const pending = { listChanged: false, updated: new Set<string>() };
  let timer: NodeJS.Timeout | undefined;
  let stop: (() => void) | undefined;
  let closed = false;

  const flush = () => {
    timer = undefined;
    if (!server.isConnected()) return;
    if (pending.listChanged) server.sendResourceListChanged();
    for (const uri of pending.updated) server.server.sendResourceUpdated({ uri }).catch(() => undefined);
    pending.listChanged = false;
    pending.updated.clear();
  };
  const hear = (changes: MemoryChange[]) => {
    const notices = noticesFor(changes, subscriptions.uris);
    pending.listChanged ||= notices.listChanged;
    notices.updated.forEach((uri) => pending.updated.add(uri));
    if ((pending.listChanged || pending.updated.size > 0) && !timer) timer = setTimeout(flush, FLUSH_MS);
  };

  deps.container
    .then(async (container) => {
      // Loaded with the app, not before: the server answers `initialize` before the libraries load.
      const { MEMORY_CHANGES_TOKENS } = await import('@kioku/memory-changes');
      if (!closed) stop = container.get(MEMORY_CHANGES_TOKENS.Feed).follow(deps.context.namespace, hear);
    })
    .catch((error: unknown) => deps.logger.warn('resource.follow_failed', { error }));

  onSessionClose(server, () => {
    closed = true;
    stop?.();
    clearTimeout(timer);
  });
}
