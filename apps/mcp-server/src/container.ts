/**
 * The MCP server's container: the shared composition with the app's own logger and clock. Loaded
 * lazily by background-start.ts, and with it reflect-metadata and every DI-decorated library.
 */
import 'reflect-metadata';
import { createAppContainer, prepareNamespaces, type AppContainer } from '@kioku/composition';
import type { Clock } from '@kioku/kernel';
import { MemoryRepository } from '@kioku/memory';
import type { RedactingLogger } from '@kioku/redaction';
import type { McpServerConfig } from './config';

export async function createMcpContainer(
  config: McpServerConfig,
  services: { logger: RedactingLogger; clock: Clock },
): Promise<AppContainer> {
  const app = await createAppContainer(config, { appName: 'mcp-server', ...services });
  // The first recall of a large namespace would wait for the store to read its vectors: they are read
  // now, while the model is still starting. A failure leaves that work to the first recall.
  void prepareNamespaces(app.container.get(MemoryRepository), [config.namespace], services.logger);
  return app;
}
