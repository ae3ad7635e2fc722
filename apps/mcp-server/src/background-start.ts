/**
 * Starts the app (the store and the embedding model) in the background, so that the server answers
 * `initialize` and `tools/list` at once; tool calls wait for `container`. The composition (and with it
 * the store and model SDKs) is imported only here, lazily, when `start()` is called: loading it blocks
 * the event loop for a few hundred milliseconds, which the entry point keeps out of the handshake.
 * A failed start is logged, written to stderr as one line, and becomes the error of every call.
 */
import type { Container } from 'inversify';
import { AppError, toAppError, type Clock } from '@kioku/kernel';
import type { RedactingLogger } from '@kioku/redaction';
import type { AppContainer } from '@kioku/composition';
import type { McpServerConfig } from './config';

export interface BackgroundApp {
  /** Begins the start (idempotent). */
  start(): void;
  container: Promise<Container>;
  /** Resolves once the start has settled either way (the failure is already reported). */
  settled: Promise<void>;
  /** Stops what was started (waits for a start in progress; starts nothing). */
  close(): Promise<void>;
}

export function startInBackground(
  config: McpServerConfig,
  services: { logger: RedactingLogger; clock: Clock },
): BackgroundApp {
  let begin!: () => void;
  let begun = false;
  const startRequested = new Promise<void>((resolve) => (begin = resolve));
  const start = () => {
    begun = true;
    begin();
  };
  const started = startRequested
    .then(() => import('./container'))
    .then(({ createMcpContainer }) => createMcpContainer(config, services));
  const container = started.then(
    (app) => app.container,
    (error: unknown) => {
      const cause = toAppError(error);
      services.logger.error('app.start_failed', { error });
      process.stderr.write(`kioku: ${cause.code}: ${cause.message}\n`);
      throw new AppError(cause.code, `kioku could not start: ${cause.message}`, { cause: error });
    },
  );
  const settled = container.then(
    () => undefined,
    () => undefined,
  );
  return {
    start,
    container,
    settled,
    close: async () => {
      // Nothing to stop if the start never began (a client that left during the handshake).
      if (!begun) return;
      const app: AppContainer | undefined = await started.catch(() => undefined);
      await app?.close();
    },
  };
}
