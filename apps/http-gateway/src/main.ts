/**
 * `kioku http`: the HTTP gateway — REST under /v1, MCP at /mcp, /healthz, /readyz, /metrics,
 * /openapi.json — on KIOKU_HTTP_HOST:KIOKU_HTTP_PORT (default 127.0.0.1:8787).
 * `kioku http keys …` manages API keys. A bad configuration or an unusable store stops it at start
 * with one line on stderr; SIGTERM / SIGINT shut it down gracefully (a second signal exits at once).
 */
import 'reflect-metadata';
import { prepareNamespaces } from '@kioku/composition';
import { AppError, toAppError } from '@kioku/kernel';
import { MemoryRepository } from '@kioku/memory';
import { buildGateway } from './app';
import { ApiKeyStore } from './auth/api-key-store';
import { runKeysCommand } from './cli/keys.command';
import { loadGatewayConfig, type HttpGatewayConfig } from './config';
import { createGatewayContainer } from './container';
import { servedNamespaces } from './served-namespaces';
import { shutdownGateway } from './shutdown';

const USAGE =
  'Usage: kioku http [--port N]          serve REST (/v1), MCP (/mcp), /healthz, /readyz, /metrics, /openapi.json\n' +
  '       kioku http keys create --namespace <ns> [--label <text>]\n' +
  '       kioku http keys list [--json]\n' +
  '       kioku http keys revoke <key id>\n';

async function main(argv: string[]): Promise<number | null> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stderr.write(USAGE);
    return 0;
  }
  if (argv[0] === 'keys') {
    const config = loadGatewayConfig();
    return runKeysCommand(argv.slice(1), new ApiKeyStore(config.http.keysFile), {
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
    });
  }
  await serve(loadGatewayConfig(argv));
  return null;
}

async function serve(config: HttpGatewayConfig): Promise<void> {
  const keys = new ApiKeyStore(config.http.keysFile);
  const app = await createGatewayContainer(config);
  const gateway = buildGateway({ config, app, keys });

  // Installed before listening, so that a signal at any later moment shuts down in order.
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    shutdownGateway(gateway, app, { timeoutMs: config.http.shutdownTimeoutMs, reason: signal }).then(
      () => process.exit(0),
      (error: unknown) => {
        app.logger.error('app.stop_failed', { error });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  try {
    await gateway.server.listen({ host: config.http.host, port: config.http.port });
  } catch (error) {
    await app.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new AppError(
        'CONFIG_INVALID',
        `KIOKU_HTTP_PORT: port ${config.http.port} on ${config.http.host} is already in use`,
      );
    }
    throw error;
  }
  const address = gateway.server.server.address();
  const port = typeof address === 'object' && address ? address.port : config.http.port;
  const host = config.http.host.includes(':') ? `[${config.http.host}]` : config.http.host;
  const url = `http://${host}:${port}`;
  process.stderr.write(
    `kioku HTTP gateway listening on ${url} (REST ${url}/v1, MCP ${url}/mcp, OpenAPI ${url}/openapi.json)\n`,
  );
  if (config.http.allowAnonymous) {
    process.stderr.write(`Anonymous access is on (loopback only, namespace "${config.namespace}").\n`);
  } else if (!keys.hasActiveKeys()) {
    process.stderr.write(
      'No API keys yet: every request will be refused (401). Create one with:\n' +
        '  kioku http keys create --namespace <ns> [--label <text>]\n' +
        'and send it as "Authorization: Bearer <token>".\n',
    );
  }
  app.logger.info('http.listening', { url });
  const served = servedNamespaces(keys.list(), config.http.allowAnonymous ? config.namespace : undefined);
  void prepareNamespaces(app.container.get(MemoryRepository), served, app.logger);
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== null) process.exitCode = code;
  },
  (error: unknown) => {
    const appError = toAppError(error);
    process.stderr.write(`kioku: ${appError.code}: ${appError.message}\n`);
    process.exit(appError.code === 'CONFIG_INVALID' ? 2 : 1);
  },
);
