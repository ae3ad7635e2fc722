/**
 * Sends HTTP requests to a server reached through a Unix socket instead of TCP: the embedded Chroma
 * server runs in its own network namespace and is reachable only through `<dataDir>/chroma.sock`
 * (see `embedded/chroma-server-manager.ts`). Node's fetch accepts an undici `dispatcher` in its
 * RequestInit, so the chromadb client and plain fetch calls both go through the socket unchanged.
 */
import { Agent } from 'undici';

const agents = new Map<string, Agent>();

/** Fetch options that route every request to `socketPath`; one shared agent per socket. */
export function unixSocketFetchOptions(socketPath: string): RequestInit {
  let agent = agents.get(socketPath);
  if (!agent) {
    agent = new Agent({ connect: { socketPath } });
    agents.set(socketPath, agent);
  }
  return { dispatcher: agent };
}
