/** The MCP server's container: the shared composition with the app's name on every log record. */
import { createAppContainer, type AppContainer } from '@kioku/backends';
import type { McpServerConfig } from './config';

export function createMcpContainer(config: McpServerConfig): Promise<AppContainer> {
  return createAppContainer(config, { appName: 'mcp-server' });
}
