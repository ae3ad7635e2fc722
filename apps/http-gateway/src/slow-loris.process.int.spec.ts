/**
 * A slow-loris flood (docs/security.md): `kioku http` on the embedded default under `ulimit -n 1024`,
 * and 1,100 connections from 127.0.0.2 that each send the start of a request's headers and stop. The
 * flooding address keeps at most its cap of connections (the others are answered 503 and closed), a
 * tenant on 127.0.0.1 keeps getting its recalls answered, and every held connection is closed by the
 * header deadline. Before the limits, the flood took every descriptor: the tenant got 503 on every
 * recall, and a held connection stayed 63–90 s.
 */
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { gatewayProcesses, type GatewayProcesses } from './testing/gateway-processes';

jest.setTimeout(240_000);

const FLOOD = 1_100;
const OPEN_FILE_LIMIT = 1_024;
const PENDING_CAP = 128; // the default KIOKU_HTTP_MAX_PENDING_CONNECTIONS_PER_ADDRESS
const CLOSED_WITHIN_MS = 45_000;

interface FloodConnection {
  socket: Socket;
  openedAt: number;
  closedAt?: number;
  answer: string;
}

/** One connection from `from` that sends the start of a recall's headers and never finishes them. */
function slowConnection(port: number, from: string): Promise<FloodConnection> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from });
    const connection: FloodConnection = { socket, openedAt: 0, answer: '' };
    socket.on('data', (chunk: Buffer) => (connection.answer += chunk.toString('latin1')));
    socket.on('error', () => undefined); // a refused or reset connection counts as closed
    socket.on('close', () => {
      connection.closedAt = Date.now();
      resolve(connection);
    });
    socket.on('connect', () => {
      connection.openedAt = Date.now();
      socket.write(`POST /v1/recall HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-A: `);
      resolve(connection);
    });
  });
}

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

describe('a slow-loris flood from one address', () => {
  let gateways: GatewayProcesses;
  const flood: FloodConnection[] = [];

  beforeAll(() => {
    gateways = gatewayProcesses('kioku-slowloris-');
  });
  afterAll(async () => {
    for (const { socket } of flood) socket.destroy();
    await gateways.stop();
  });

  it('cannot take the descriptors another tenant needs, and its connections close by the header deadline', async () => {
    const token = await gateways.createKey('tenant');
    const { url } = await gateways.start({ openFileLimit: OPEN_FILE_LIMIT });
    const port = Number(new URL(url).port);
    // Each recall on a new connection (no keep-alive): it needs a descriptor of its own, as a new
    // tenant would. 0 when the connection fails.
    const recall = () =>
      new Promise<number>((resolve) => {
        const body = JSON.stringify({ query: 'green tea' });
        const request = httpRequest(
          `${url}/v1/recall`,
          {
            method: 'POST',
            agent: false,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            timeout: 20_000,
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        request.on('error', () => resolve(0));
        request.on('timeout', () => request.destroy());
        request.end(body);
      });
    const saved = await fetch(`${url}/v1/memories`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'The tenant likes green tea in the afternoon.' }),
    });
    expect(saved.status).toBe(201);
    expect(await recall()).toBe(200);

    for (let i = 0; i < FLOOD; i += 100) {
      const batch = Array.from({ length: Math.min(100, FLOOD - i) }, () => slowConnection(port, '127.0.0.2'));
      flood.push(...(await Promise.all(batch)));
    }
    const held = () => flood.filter((c) => c.closedAt === undefined);
    // The refusals are answered at once; what stays open is what the gateway holds.
    await until(() => held().length <= PENDING_CAP, 10_000);
    const heldDuringFlood = held().length;
    const refused = flood.filter((c) => c.answer.startsWith('HTTP/1.1 503')).length;

    const during = [];
    for (let i = 0; i < 5; i++) during.push(await recall());
    const health = (await fetch(`${url}/healthz`)).status;

    expect({ heldDuringFlood, refused, during, health }).toEqual({
      heldDuringFlood: PENDING_CAP,
      refused: FLOOD - PENDING_CAP,
      during: [200, 200, 200, 200, 200],
      health: 200,
    });

    expect(await until(() => held().length === 0, CLOSED_WITHIN_MS + 5_000)).toBe(true);
    const longest = Math.max(
      ...flood.filter((c) => c.openedAt > 0).map((c) => (c.closedAt ?? Infinity) - c.openedAt),
    );
    expect(longest).toBeLessThan(CLOSED_WITHIN_MS);
  });
});
