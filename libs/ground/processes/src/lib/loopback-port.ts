/** A free loopback TCP port, for starting a local server (an embedded store, a test server) on it. */
import { createServer } from 'node:net';

/** A port on 127.0.0.1 that was free a moment ago (the OS picks it; another process may take it first). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}
