/**
 * Requests through the Unix socket must always settle. A starting isolated server's forwarder accepts a
 * connection and closes it at once while Chroma is not listening yet. undici 6 then lost the request
 * when it was the process's first: its promise never settled and held nothing open, so a process that
 * waited for the server's heartbeat just exited with code 0. So each check runs in a new Node process.
 */
import { execFile } from 'node:child_process';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const DISPATCHER = join(__dirname, 'unix-socket-dispatcher.ts');

/** What a new process's first request through `socketPath` ends with: `status 200 …` or `rejected …`. */
async function firstRequestInNewProcess(socketPath: string): Promise<string> {
  const script = `
    const { unixSocketFetchOptions } = require(${JSON.stringify(DISPATCHER)});
    fetch('http://127.0.0.1:8000/api/v2/heartbeat', unixSocketFetchOptions(${JSON.stringify(socketPath)}))
      .then(async (response) => console.log('status', response.status, await response.text()))
      .catch((error) => console.log('rejected', error.message));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', script], {
    timeout: 30_000,
  });
  return stdout.trim();
}

describe('unixSocketFetchOptions', () => {
  let dir: string;
  let server: Server | undefined;
  const connections = new Set<Socket>();

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kioku-socket-'));
  });

  afterEach(async () => {
    // A half-closed connection would keep close() waiting.
    for (const socket of connections) socket.destroy();
    connections.clear();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  async function listen(target: Server): Promise<string> {
    const socketPath = join(dir, 'server.sock');
    server = target;
    target.on('connection', (socket) => connections.add(socket));
    await new Promise<void>((resolve) => target.listen(socketPath, resolve));
    return socketPath;
  }

  it('sends requests through the socket', async () => {
    const socketPath = await listen(createHttpServer((request, response) => response.end(request.url)));
    expect(await firstRequestInNewProcess(socketPath)).toBe('status 200 /api/v2/heartbeat');
  });

  it.each([
    ['closes each connection as it accepts it', (socket: Socket) => socket.destroy()],
    ['ends each connection without answering', (socket: Socket) => socket.end()],
  ])('rejects, instead of never settling, when the socket %s', async (_, onConnection) => {
    const socketPath = await listen(createServer(onConnection));
    expect(await firstRequestInNewProcess(socketPath)).toBe('rejected fetch failed');
  });
});
