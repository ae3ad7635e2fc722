/**
 * The MCP server's container: the shared composition with the app's own logger and clock. Loaded
 * lazily by background-start.ts, and with it reflect-metadata and every DI-decorated library.
 */
import 'reflect-metadata';
import { createAppContainer, type AppContainer } from '@kioku/composition';
import type { Clock } from '@kioku/kernel';
import type { RedactingLogger } from '@kioku/redaction';
import type { McpServerConfig } from './config';

export function createMcpContainer(
  config: McpServerConfig,
  services: { logger: RedactingLogger; clock: Clock },
): Promise<AppContainer> {
  return createAppContainer(config, { appName: 'mcp-server', ...services });
}
