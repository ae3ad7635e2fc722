/**
 * Everything `kioku mcp` loads once the handshake is answered (main.ts requires it then): the
 * configuration, both transports and what settles the pre-started model thread. Built as its own
 * file, dist/mcp-server.js (tools/scripts/build.js), so that the entry bundle that answers the
 * handshake stays small: parsing this one took ~80 ms before the first answer.
 */
import { settlePreStartedEmbeddings } from '@kioku/composition/prestart';
import { loadMcpServerConfig } from './config';
import { exitOnFailure } from './exit-on-failure';
import { serveHttp } from './serve-http';
import type { EarlyHandshake } from './stdio/early-handshake';
import { serveStdio } from './stdio/serve-stdio';

/**
 * Serves over stdio after `early` (the handshake answered by main.ts), or over HTTP without it.
 * @public: main.ts requires it (knip does not follow that require).
 */
export async function serve(argv: string[], early: EarlyHandshake | undefined): Promise<void> {
  try {
    const config = loadMcpServerConfig(argv);
    settlePreStartedEmbeddings(config);
    if (!early) return await serveHttp(config);
    await early.done;
    // A client that left during the handshake leaves nothing to serve: nothing else is started.
    if (early.clientLeft) process.exit(0);
    serveStdio(config, early.handOver());
  } catch (error) {
    exitOnFailure(error);
  }
}
