/**
 * What both transports share: the logger, the clock and the app starting in the background, and a
 * shutdown that stops what was started and exits.
 */
import { JsonLinesLogSink, SystemClock } from '@kioku/kernel';
import { RedactingLogger } from '@kioku/redaction';
import type { McpServerServices } from '@kioku/mcp-tools';
import { startInBackground, type BackgroundApp } from './background-start';
import type { McpServerConfig } from './config';

export interface AppServices {
  app: BackgroundApp;
  services: McpServerServices;
  logger: RedactingLogger;
  /** Stops the app (once) and exits the process. */
  shutdown: (reason: string) => Promise<void>;
}

export function appServices(config: McpServerConfig): AppServices {
  const clock = new SystemClock();
  const logger = new RedactingLogger(new JsonLinesLogSink(config.log.file), config.log.level, clock).child({
    app: 'mcp-server',
  });
  const app = startInBackground(config, { logger, clock });
  let closing = false;
  const shutdown = async (reason: string) => {
    if (closing) return;
    closing = true;
    logger.info('app.stopping', { reason });
    await app.close();
    process.exit(0);
  };
  return { app, services: { container: app.container, logger, clock }, logger, shutdown };
}
