/** Test helper: an HTTP proxy in front of a Chroma server that holds requests on demand (a store that stops answering). */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HoldingProxy {
  url: string;
  /** Holds every request from now on, or every request `only` picks (by method and path). */
  hold(only?: (method: string, path: string) => boolean): void;
  /** Forwards the held requests and stops holding. */
  release(): void;
  heldCount(): number;
  close(): Promise<void>;
}

/** An HTTP proxy in front of the Chroma server that can hold requests, to pause a job mid-step. */
export async function holdingProxy(target: string): Promise<HoldingProxy> {
  let holding: ((method: string, path: string) => boolean) | undefined;
  let held: (() => void)[] = [];
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const upstream = request(
      new URL(req.url ?? '/', target),
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  };
  const server: Server = createServer((req, res) => {
    if (holding?.(req.method ?? 'GET', req.url ?? '/')) held.push(() => forward(req, res));
    else forward(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hold: (only = () => true) => {
      holding = only;
    },
    release: () => {
      holding = undefined;
      const waiting = held;
      held = [];
      waiting.forEach((go) => go());
    },
    heldCount: () => held.length,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
