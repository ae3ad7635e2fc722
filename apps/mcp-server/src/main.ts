/**
 * `kioku mcp`: the MCP server over stdio (default) or Streamable HTTP (`--http`). Stdout belongs to
 * the protocol: logs go to stderr or KIOKU_LOG_FILE. A bad configuration stops it at once with one
 * line on stderr.
 *
 * Over stdio, what a client waits for comes first, before anything heavy is loaded: the model starts
 * loading in a worker thread, `initialize` and `tools/list` are answered from what the code fixes
 * (EarlyHandshake), and only then are the configuration's schemas, the MCP SDK, the store and the
 * rest loaded (stdio/serve-stdio.ts). Imports below are lazy for that reason.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { toAppError } from '@kioku/kernel';
import { preStartEmbeddings, settlePreStartedEmbeddings } from '@kioku/composition/prestart';
import { EarlyHandshake } from './stdio/early-handshake';
import handshake from './stdio/handshake.json';

const QUIET_CLIENT_WAIT_MS = 200;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  preStartEmbeddings();
  const early = argv.includes('--http')
    ? undefined
    : new EarlyHandshake(process.stdin, process.stdout, handshake, () =>
        process.stderr.write(
          'kioku: the early handshake differs from the MCP SDK (handshake.json is stale)\n',
        ),
      );
  // Loading the configuration's schemas blocks the event loop for a moment: after the handshake, or
  // after a short wait for a client that says nothing (a bad configuration is still reported at once).
  if (early) await Promise.race([early.done, delay(QUIET_CLIENT_WAIT_MS)]);
  const { loadMcpServerConfig } = await import('./config');
  const config = loadMcpServerConfig(argv);
  settlePreStartedEmbeddings(config);
  if (!early) {
    const { serveHttp } = await import('./serve-http');
    return serveHttp(config);
  }
  await early.done;
  // A client that left during the handshake leaves nothing to serve: nothing else is loaded or started.
  if (early.clientLeft) process.exit(0);
  const { serveStdio } = await import('./stdio/serve-stdio');
  serveStdio(config, early.handOver());
}

main().catch((error: unknown) => {
  const appError = toAppError(error);
  process.stderr.write(`kioku: ${appError.code}: ${appError.message}\n`);
  process.exit(appError.code === 'CONFIG_INVALID' ? 2 : 1);
});
