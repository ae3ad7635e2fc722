/**
 * Test helper: records the resource notifications a client receives (`list_changed` and `updated`
 * with its URI), and waits for one.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';

export interface NotificationLog {
  /** `list_changed`, or `updated <uri>`, in arrival order. */
  seen: string[];
  /** Resolves when a notification matching `expected` has arrived (or rejects after `timeoutMs`). */
  waitFor(expected: string, timeoutMs?: number): Promise<void>;
  clear(): void;
}

export function notificationLog(client: Client): NotificationLog {
  const seen: string[] = [];
  const waiters: { expected: string; resolve: () => void }[] = [];
  const record = (entry: string) => {
    seen.push(entry);
    for (const waiter of waiters.filter((w) => w.expected === entry)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  client.setNotificationHandler(ResourceListChangedNotificationSchema, () => record('list_changed'));
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => record(`updated ${n.params.uri}`));
  return {
    seen,
    waitFor: (expected, timeoutMs = 5_000) =>
      seen.includes(expected)
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            const timer = setTimeout(
              () => reject(new Error(`No "${expected}" within ${timeoutMs} ms; saw ${JSON.stringify(seen)}`)),
              timeoutMs,
            );
            waiters.push({
              expected,
              resolve: () => {
                clearTimeout(timer);
                resolve();
              },
            });
          }),
    clear: () => (seen.length = 0),
  };
}
