/**
 * Builds one MCP server (one per session) over an assembled container; the transport is attached by
 * the entry point, so the same server runs over stdio and Streamable HTTP.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Container } from 'inversify';
import { KERNEL_TOKENS } from '@kioku/kernel';
import type { CallContext } from '@kioku/memory';
import { registerMemoryTools } from './tools/memory.tools';

export const SERVER_INFO = { name: 'kioku', version: '0.1.0' } as const;

export function createMcpServer(container: Container, context: CallContext): McpServer {
  const server = new McpServer(SERVER_INFO, {
    instructions:
      'kioku is your long-term memory. Use remember to save, recall to find by meaning, update_memory and link_memories to tend it.',
  });
  const deps = {
    container,
    context,
    clock: container.get(KERNEL_TOKENS.Clock),
    logger: container.get(KERNEL_TOKENS.Logger),
  };
  registerMemoryTools(server, deps);
  return server;
}
