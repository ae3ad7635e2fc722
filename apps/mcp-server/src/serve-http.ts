/** `kioku mcp --http`: starts the app at once and serves MCP over Streamable HTTP until a signal. */
import { appServices } from './app-services';
import type { McpServerConfig } from './config';
import { serveStreamableHttp } from './http-transport';

export async function serveHttp(config: McpServerConfig): Promise<void> {
  const { app, services, logger, shutdown } = appServices(config);
  app.start();
  const server = await serveStreamableHttp(services, config.namespace, {
    ...config.http,
    originPolicy: config.originPolicy,
  });
  const url = `http://${config.http.host}:${config.http.port}/mcp`;
  process.stderr.write(`kioku MCP server (Streamable HTTP) listening on ${url}\n`);
  logger.info('mcp.http_listening', { url });
  process.once('SIGINT', () => server.close(() => void shutdown('SIGINT')));
  process.once('SIGTERM', () => server.close(() => void shutdown('SIGTERM')));
}
