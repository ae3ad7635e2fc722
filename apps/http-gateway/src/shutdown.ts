/**
 * Graceful shutdown (behaviour §8.2): readiness turns 503, the server stops accepting, MCP sessions are
 * closed (ending their event streams), in-flight requests finish, then the container is released
 * (which stops an embedded Chroma server this process started). Connections still open after the
 * timeout are cut so that shutdown always ends.
 */
import type { AppContainer } from '@kioku/composition';
import type { Gateway } from './app';

export async function shutdownGateway(
  gateway: Gateway,
  app: AppContainer,
  options: { timeoutMs: number; reason: string },
): Promise<void> {
  app.logger.info('app.stopping', { reason: options.reason });
  gateway.beginShutdown();
  const cut = setTimeout(() => {
    app.logger.warn('http.shutdown_timeout', { timeoutMs: options.timeoutMs });
    gateway.server.server.closeAllConnections();
  }, options.timeoutMs);
  cut.unref();
  try {
    await gateway.server.close();
  } finally {
    clearTimeout(cut);
    await app.close();
  }
  app.logger.info('app.stopped', { reason: options.reason });
}
