/**
 * Sends HTTP requests to a server reached through a Unix socket instead of TCP: the embedded Chroma
 * server runs in its own network namespace and is reachable only through `<dataDir>/chroma.sock`
 * (see `embedded/chroma-server-manager.ts`). Node's fetch accepts an undici `dispatcher` in its
 * RequestInit, so the chromadb client and plain fetch calls both go through the socket unchanged.
 */
import type { Agent } from 'undici';

const agents = new Map<string, Agent>();

/** Fetch options that route every request to `socketPath`; one shared agent per socket. */
export function unixSocketFetchOptions(socketPath: string): RequestInit {
  let agent = agents.get(socketPath);
  if (!agent) {
    // Loaded on first use: undici takes ~0.1 s to load, and only a managed Chroma server needs it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Agent: UndiciAgent } = require('undici') as typeof import('undici');
    agent = new UndiciAgent({ connect: { socketPath } });
    agents.set(socketPath, agent);
  }
  // Node's fetch drives any undici dispatcher; only the typings (Node's bundled undici-types) differ.
  return { dispatcher: agent as unknown as RequestInit['dispatcher'] };
}
