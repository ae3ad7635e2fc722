/**
 * `kioku mcp`: the MCP server over stdio (default) or Streamable HTTP (`--http`). Stdout belongs to
 * the protocol: logs go to stderr or KIOKU_LOG_FILE. A bad configuration stops it at once with one
 * line on stderr; the store and the model start in the background while the protocol is already
 * answered, and a failure to start them is reported on every call (and logged).
 */
import { randomUUID } from 'node:crypto';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { JsonLinesLogSink, SystemClock, toAppError } from '@kioku/kernel';
import { RedactingLogger } from '@kioku/redaction';
import { createMcpServer, sendClientLog } from '@kioku/mcp-tools';
import { loadMcpServerConfig } from './config';
import { startInBackground } from './background-start';
import { startAfterHandshake } from './start-after-handshake';

async function main(): Promise<void> {
  const config = loadMcpServerConfig(process.argv.slice(2));
  const clock = new SystemClock();
  const logger = new RedactingLogger(new JsonLinesLogSink(config.log.file), config.log.level, clock).child({
    app: 'mcp-server',
  });
  const app = startInBackground(config, { logger, clock });
  const services = { container: app.container, logger, clock };
  let closing = false;
  const shutdown = async (reason: string) => {
    if (closing) return;
    closing = true;
    logger.info('app.stopping', { reason });
    await app.close();
    process.exit(0);
  };

  if (config.transport === 'stdio') {
    const transport = new StdioServerTransport();
    transport.onclose = () => void shutdown('stdin closed');
    // Each process is its own caller: a forget asked in one stdio server is never confirmed by
    // another one sharing the store (pending deletions live in the shared state).
    const callerId = `stdio:${randomUUID()}`;
    const server = createMcpServer(services, { namespace: config.namespace, callerId });
    // The client hears how the start went, once it has finished initializing.
    const initialized = new Promise<void>((resolve) => (server.server.oninitialized = resolve));
    void Promise.all([initialized, app.settled]).then(() =>
      app.container.then(
        () => sendClientLog(server, 'info', { event: 'app.ready', namespace: config.namespace }),
        (error: unknown) => {
          const { code, message } = toAppError(error);
          sendClientLog(server, 'error', { event: 'app.start_failed', code, message });
        },
      ),
    );
    await server.connect(transport);
    startAfterHandshake(transport, () => app.start());
    process.stdin.on('end', () => void shutdown('stdin ended'));
  } else {
    app.start();
    const { serveStreamableHttp } = await import('./http-transport');
    const server = await serveStreamableHttp(services, config.namespace, {
      ...config.http,
      originPolicy: config.originPolicy,
    });
    const url = `http://${config.http.host}:${config.http.port}/mcp`;
    process.stderr.write(`kioku MCP server (Streamable HTTP) listening on ${url}\n`);
    logger.info('mcp.http_listening', { url });
    process.once('SIGINT', () => server.close(() => void shutdown('SIGINT')));
    process.once('SIGTERM', () => server.close(() => void shutdown('SIGTERM')));
    return;
  }
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  const appError = toAppError(error);
  process.stderr.write(`kioku: ${appError.code}: ${appError.message}\n`);
  process.exit(appError.code === 'CONFIG_INVALID' ? 2 : 1);
});
