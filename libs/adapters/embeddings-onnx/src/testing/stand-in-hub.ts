/**
 * A local HTTP server standing in for the model hub: serves files at
 * `/<repository>/resolve/<revision>/<path>` (the hub's own address shape), on 127.0.0.1, and counts
 * requests. A test may serve other bytes than a spec's (the checksum refusal) or none (a 404).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInHub {
  url: string;
  /** Paths requested so far, in order. */
  requested: string[];
  close(): Promise<void>;
}

/** `files` maps `<repository>/resolve/<revision>/<path>` to the bytes served there. */
export async function startStandInHub(files: ReadonlyMap<string, Uint8Array>): Promise<StandInHub> {
  const requested: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? '/').split('?')[0]).replace(/^\/+/, '');
    requested.push(path);
    const body = files.get(path);
    if (request.method !== 'GET' || !body) {
      response.writeHead(404).end('Entry not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
    response.end(Buffer.from(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requested,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The hub paths of a spec's files, for `startStandInHub`. */
export function hubPaths(
  spec: { repository: string; revision: string; files: Record<string, { path: string }> },
  bytes: Record<string, Uint8Array>,
): Map<string, Uint8Array> {
  return new Map(
    Object.entries(spec.files).map(([kind, file]) => [
      `${spec.repository}/resolve/${spec.revision}/${file.path}`,
      bytes[kind],
    ]),
  );
}
