/**
 * Builds one MCP server (one per session) over the app; the transport is attached by the entry point,
 * so the same server runs over stdio and Streamable HTTP. The server answers `initialize`,
 * `tools/list` and `logging/setLevel` at once, from definitions alone: the app (store and model) may
 * still be starting, and each call waits for it (see tool-runner.ts). Besides the tools: prompts,
 * completions of their arguments and of the resource template (the session's namespace only), and
 * live resources (the session hears its namespace's memory changes from every process on the data dir).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Container } from 'inversify';
import { KERNEL_TOKENS, type Clock, type Logger } from '@kioku/kernel';
import type { CallContext } from '@kioku/call-context';
import { sessionCompleters } from './completion/completers';
import { registerPrompts } from './prompts/register-prompts';
import { registerOperationTools } from './tools/operation-tools';
import { followResourceChanges } from './resources/live-resources';
import { registerMemoryResources } from './resources/memory.resources';
import { registerRecentMemories } from './resources/recent-memories.resource';
import { ResourceSubscriptions } from './resources/resource-subscriptions';

const SERVER_INFO = { name: 'kioku', version: '0.1.0' } as const;

/** What the server needs before the app is up: the app's container arrives later. */
export interface McpServerServices {
  /** Resolves when the store and the model are ready; a rejection is reported on every call. */
  container: Promise<Container>;
  logger: Logger;
  clock: Clock;
}

export function createMcpServer(app: Container | McpServerServices, context: CallContext): McpServer {
  const services: McpServerServices =
    'get' in app
      ? {
          container: Promise.resolve(app),
          logger: app.get(KERNEL_TOKENS.Logger),
          clock: app.get(KERNEL_TOKENS.Clock),
        }
      : app;
  const server = new McpServer(SERVER_INFO, {
    instructions:
      'kioku is your long-term memory. remember saves, recall finds by meaning, update_memory and link_memories tend it, forget lets go (two calls, or one your user confirms; restorable with restore), consolidate and merge_memories tidy, episodes group memories. Call wake_up at the start of a session.',
    capabilities: { logging: {} },
  });
  const deps = { ...services, context, server };
  const completers = sessionCompleters(server, deps);
  registerOperationTools(server, deps);
  registerPrompts(server, deps, completers);
  registerRecentMemories(server, deps);
  registerMemoryResources(server, deps, completers);
  const subscriptions = new ResourceSubscriptions();
  subscriptions.register(server);
  followResourceChanges(server, deps, subscriptions);
  return server;
}
