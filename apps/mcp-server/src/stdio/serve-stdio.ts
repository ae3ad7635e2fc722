/**
 * `kioku mcp` over stdio, once the handshake has been answered (EarlyHandshake): the MCP SDK server
 * on the handed-over streams, the app started at once, and the client told how the start went.
 */
import { randomUUID } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { toAppError } from '@kioku/kernel';
import { createMcpServer, sendClientLog } from '@kioku/mcp-tools';
import { appServices } from '../app-services';
import type { McpServerConfig } from '../config';

export function serveStdio(config: McpServerConfig, streams: { input: Readable; output: Writable }): void {
  const { app, services, shutdown } = appServices(config);
  const transport = new StdioServerTransport(streams.input, streams.output);
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
  void server.connect(transport).then(() => app.start());
  streams.input.on('end', () => void shutdown('stdin ended'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}
