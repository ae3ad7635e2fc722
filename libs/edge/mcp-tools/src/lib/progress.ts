/**
 * MCP progress notifications: when a request carries `_meta.progressToken`, long calls (consolidate,
 * the auto-forget sweep) report their steps as `notifications/progress`, which also keeps clients
 * that reset their timeout on progress from giving up on a long call.
 */
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { ProgressReporter } from '@kioku/call-context';

export type RequestExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export function progressReporter(extra: RequestExtra): ProgressReporter | undefined {
  const progressToken = extra._meta?.progressToken;
  if (progressToken === undefined) return undefined;
  let last = -Infinity;
  return ({ progress, total, message }) => {
    // The protocol requires progress to increase with every notification.
    if (progress <= last) return;
    last = progress;
    extra
      .sendNotification({
        method: 'notifications/progress',
        params: { progressToken, progress, ...(total === undefined ? {} : { total }), message },
      })
      .catch(() => undefined);
  };
}
