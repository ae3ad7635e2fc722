/**
 * `kioku mcp`: the MCP server over stdio (default) or Streamable HTTP (`--http`). Stdout belongs to
 * the protocol: logs go to stderr or KIOKU_LOG_FILE. A bad configuration or an unusable store stops
 * it at start with one line on stderr.
 */
import 'reflect-metadata';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { toAppError } from '@kioku/kernel';
import { loadMcpServerConfig } from './config';
import { createMcpContainer } from './container';
import { serveStreamableHttp } from './http-transport';
import { createMcpServer } from '@kioku/mcp-tools';

async function main(): Promise<void> {
  const config = loadMcpServerConfig(process.argv.slice(2));
  const app = await createMcpContainer(config);
  let closing = false;
  const shutdown = async (reason: string) => {
    if (closing) return;
    closing = true;
    app.logger.info('app.stopping', { reason });
    await app.close();
    process.exit(0);
  };

  if (config.transport === 'stdio') {
    const transport = new StdioServerTransport();
    transport.onclose = () => void shutdown('stdin closed');
    await createMcpServer(app.container, { namespace: config.namespace, callerId: 'stdio' }).connect(
      transport,
    );
    process.stdin.on('end', () => void shutdown('stdin ended'));
  } else {
    const server = await serveStreamableHttp(app.container, config.namespace, {
      ...config.http,
      originPolicy: config.originPolicy,
      logger: app.logger,
    });
    const url = `http://${config.http.host}:${config.http.port}/mcp`;
    process.stderr.write(`kioku MCP server (Streamable HTTP) listening on ${url}\n`);
    app.logger.info('mcp.http_listening', { url });
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
