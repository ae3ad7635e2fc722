/**
 * `kioku mcp`: the MCP server over stdio (default) or Streamable HTTP (`--http`). Stdout belongs to
 * the protocol: logs go to stderr or KIOKU_LOG_FILE. A bad configuration stops it at once with one
 * line on stderr.
 *
 * Over stdio, what a client waits for comes first, before anything heavy is loaded: the model starts
 * loading in a worker thread, `initialize` and `tools/list` are answered from what the code fixes
 * (EarlyHandshake), and only then are the configuration's schemas, the MCP SDK, the store and the
 * rest loaded (stdio/serve-stdio.ts), all from ./server, which is a file of its own once built.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { preStartEmbeddings } from '@kioku/composition/prestart';
import { exitOnFailure } from './exit-on-failure';
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
  // require, not import(): import() of a CommonJS file makes Node scan its source for export names.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { serve } = require('./server') as typeof import('./server');
  await serve(argv, early);
}

main().catch(exitOnFailure);
