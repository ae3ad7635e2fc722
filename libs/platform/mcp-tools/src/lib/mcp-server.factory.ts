/**
 * Builds one MCP server (one per session) over an assembled container; the transport is attached by
 * the entry point, so the same server runs over stdio and Streamable HTTP.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Container } from 'inversify';
import { KERNEL_TOKENS } from '@kioku/kernel';
import type { CallContext } from '@kioku/memory';
import { registerMemoryTools } from './tools/memory.tools';
import { registerForgettingTools } from './tools/forgetting.tools';
import { registerEpisodeTools } from './tools/episodes.tools';
import { registerSessionTools } from './tools/session.tools';
import { registerConsolidationTools } from './tools/consolidation.tools';

export const SERVER_INFO = { name: 'kioku', version: '0.1.0' } as const;

export function createMcpServer(container: Container, context: CallContext): McpServer {
  const server = new McpServer(SERVER_INFO, {
    instructions:
      'kioku is your long-term memory. remember saves, recall finds by meaning, update_memory and link_memories tend it, forget lets go (two calls, restorable with restore), consolidate and merge_memories tidy, episodes group memories. Call wake_up at the start of a session.',
  });
  const deps = {
    container,
    context,
    clock: container.get(KERNEL_TOKENS.Clock),
    logger: container.get(KERNEL_TOKENS.Logger),
  };
  registerSessionTools(server, deps);
  registerMemoryTools(server, deps);
  registerForgettingTools(server, deps);
  registerEpisodeTools(server, deps);
  registerConsolidationTools(server, deps);
  return server;
}
