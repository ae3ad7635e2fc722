/**
 * Which notifications a batch of memory changes calls for in one session: `list_changed` when a
 * public memory was saved, changed or forgotten (the resource list shows public memories only), and
 * `updated` for each subscribed URI it touches — the recent memories on any public change, a memory's
 * own URI on its changes (a private memory's only when the URI asked for private ones). URIs kioku
 * does not serve are never notified.
 */
import { MEMORY_ID_PATTERN } from '@kioku/kernel';
import type { MemoryChange } from '@kioku/memory-changes';
import { RECENT_MEMORIES_URI } from './recent-memories.resource';

export interface Notices {
  listChanged: boolean;
  updated: string[];
}

export function noticesFor(changes: MemoryChange[], subscribed: Iterable<string>): Notices {
  const listChanged = changes.some(touchesPublic);
  const updated = [...subscribed].filter((uri) => {
    if (uri === RECENT_MEMORIES_URI) return listChanged;
    const memory = memoryUriParts(uri);
    return (
      memory !== undefined &&
      changes.some((c) => c.memoryId === memory.id && (memory.includePrivate || touchesPublic(c)))
    );
  });
  return { listChanged, updated };
}

/** Whether the change shows in what a reader of public memories sees. */
function touchesPublic(change: MemoryChange): boolean {
  return change.publicAfter || change.publicBefore;
}

/** The memory a `kioku://memories/{id}` URI names, and whether it asks for private ones. */
function memoryUriParts(uri: string): { id: string; includePrivate: boolean } | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'kioku:' || url.host !== 'memories') return undefined;
  const id = url.pathname.replace(/^\//, '');
  if (!MEMORY_ID_PATTERN.test(id)) return undefined;
  return { id, includePrivate: url.searchParams.get('include_private') === 'true' };
}
