/**
 * `resources/subscribe` and `resources/unsubscribe`: the URIs this session's client wants to hear
 * about (`notifications/resources/updated`). A subscription to a URI kioku does not serve is kept
 * and never notified (a memory may exist later: restore brings one back with its id). Bounded per
 * session.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  ErrorCode,
  McpError,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

const MAX_SUBSCRIPTIONS = 1_000;
const MAX_URI_LENGTH = 2_048;

export class ResourceSubscriptions {
  readonly uris = new Set<string>();

  /** Declares the capability and answers the two requests; call before the server connects. */
  register(server: McpServer): void {
    server.server.registerCapabilities({ resources: { subscribe: true } });
    server.server.setRequestHandler(SubscribeRequestSchema, ({ params }) => {
      if (params.uri.length > MAX_URI_LENGTH)
        throw new McpError(
          ErrorCode.InvalidParams,
          `A resource URI has at most ${MAX_URI_LENGTH} characters.`,
        );
      if (!this.uris.has(params.uri) && this.uris.size >= MAX_SUBSCRIPTIONS)
        throw new McpError(
          ErrorCode.InvalidParams,
          `A session holds at most ${MAX_SUBSCRIPTIONS} subscriptions.`,
        );
      this.uris.add(params.uri);
      return {};
    });
    server.server.setRequestHandler(UnsubscribeRequestSchema, ({ params }) => {
      this.uris.delete(params.uri);
      return {};
    });
  }
}
