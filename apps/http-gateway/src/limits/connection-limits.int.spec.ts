/**
 * The connection limits of one address (docs/gateway.md): connections not in a request — new, sending
 * headers, idle between requests — count against the cap; one past it is answered 503 with
 * Retry-After and closed, while a connection in a request does not count; headers that do not arrive
 * whole within the deadline close the connection.
 */
import 'reflect-metadata';
import { connect, type Socket } from 'node:net';
import { startTestGateway, type TestGateway } from '../testing/gateway-harness';

jest.setTimeout(30_000);

interface RawConnection {
  socket: Socket;
  received: () => string;
  closed: Promise<number>;
}

function open(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now())));
    socket.once('connect', () => resolve({ socket, received: () => received, closed }));
    socket.once('error', reject);
  });
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('connection limits', () => {
  let t: TestGateway;
  let port: number;
  const sockets: Socket[] = [];
  const opened = async () => {
    const connection = await open(port);
    sockets.push(connection.socket);
    return connection;
  };

  /** The answer to GET /healthz on a new connection. */
  const healthOnNewConnection = async () => {
    const connection = await opened();
    connection.socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    await connection.closed;
    return connection.received();
  };

  beforeAll(async () => {
    t = await startTestGateway({
      KIOKU_HTTP_MAX_PENDING_CONNECTIONS_PER_ADDRESS: '2',
      KIOKU_HTTP_HEADERS_TIMEOUT_SECONDS: '1',
    });
    port = Number(new URL(t.baseUrl).port);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.destroy();
  });
  afterAll(() => t.close());

  it('answers 503 to a connection past the cap of connections not in a request', async () => {
    const first = await opened();
    await opened();
    const third = await opened();
    await third.closed;
    const [head, body] = third.received().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(head).toMatch(/\r\nretry-after: 1\r\n/);
    expect(head).toMatch(/\r\ncontent-type: application\/problem\+json/);
    expect(JSON.parse(body)).toMatchObject({
      status: 503,
      code: 'BUSY',
      detail: expect.stringContaining('not in a request'),
    });

    // A connection idle after its request still waits for the next one: it still counts.
    first.socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await until(() => first.received().includes('\r\n\r\n'));
    expect(first.received()).toMatch(/^HTTP\/1\.1 200/);
    const fourth = await opened();
    await fourth.closed;
    expect(fourth.received()).toMatch(/^HTTP\/1\.1 503/);

    // One that closes frees its place.
    first.socket.destroy();
    await first.closed;
    await until(() => t.gateway.connections.pending('127.0.0.1') === 1);
    expect(await healthOnNewConnection()).toMatch(/^HTTP\/1\.1 200/);
  });

  it('does not count a connection while its request is served', async () => {
    const token = (await t.createKey('alpha')).token;
    const streams = await Promise.all([opened(), opened()]);
    for (const { socket } of streams) {
      // Headers complete, the body still on its way: a request in progress, not a waiting connection.
      socket.write(
        `POST /v1/recall HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query":',
      );
    }
    await until(() => t.gateway.connections.pending('127.0.0.1') === 0);
    expect(await healthOnNewConnection()).toMatch(/^HTTP\/1\.1 200/);
  });

  it('closes a connection whose headers do not arrive within the deadline', async () => {
    const slow = await opened();
    const started = Date.now();
    slow.socket.write(`POST /v1/recall HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-A: `);
    const closedAt = await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
    // Never before the deadline (1 s); the check runs every second.
    expect(closedAt - started).toBeGreaterThanOrEqual(900);
  });
});
