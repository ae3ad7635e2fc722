import { createServer } from 'node:net';
import { freeLoopbackPort } from './loopback-port';

describe('freeLoopbackPort', () => {
  it('gives a port a server can listen on at once', async () => {
    const port = await freeLoopbackPort();
    expect(port).toBeGreaterThan(0);
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
