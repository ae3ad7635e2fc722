/**
 * The open loop of `kioku bench load` against a real `kioku http` (spawned from bin/kioku on the
 * embedded default, as the command starts it): every scheduled arrival is sent and answered, the
 * acknowledged memories are read back, and nothing crosses namespaces. Latencies are the benchmark's
 * to show, never asserted here.
 */
import { connect, type Socket } from 'node:net';
import { SeededRandom } from '../lib/seeded-random';
import { SentenceGenerator } from '../lib/sentence-generator';
import { startLoadGateway, type StartedGateway } from './load-gateway';
import { runOpenLoop } from './load-open-loop';

jest.setTimeout(240_000);

describe('kioku bench load --rate (open loop)', () => {
  let gateway: StartedGateway;
  let seed = 7;

  beforeAll(async () => {
    gateway = await startLoadGateway(['load-a', 'load-b'], 1, () => undefined);
  });

  afterAll(async () => {
    await gateway?.stop();
  });

  it('refuses no burst of new connections from the one address every client shares', async () => {
    // Past the gateway's default cap of 128 connections not in a request per address: an open loop
    // catching up opens that many at once, and they would be refused as a slow loris.
    const { hostname, port } = new URL(gateway.url);
    const sockets = await Promise.all(
      Array.from({ length: 160 }, () => {
        const socket = connect(Number(port), hostname);
        return new Promise<Socket>((resolve, reject) =>
          socket.once('connect', () => resolve(socket)).once('error', reject),
        );
      }),
    );
    // Every one accepted, none in a request yet.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const answers = await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<string>((resolve) => {
            let received = '';
            socket.on('data', (chunk) => (received += chunk.toString()));
            socket.once('close', () => resolve(received));
            socket.end(`GET /healthz HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`);
          }),
      ),
    );
    expect(answers.filter((answer) => !answer.startsWith('HTTP/1.1 200'))).toEqual([]);
  });

  it.each(['rest', 'mcp', 'mcp'] as const)(
    'sends every arrival over %s and checks what was saved',
    async (transport) => {
      seed += 1;
      const result = await runOpenLoop({
        transport,
        url: gateway.url,
        keys: gateway.keys,
        clients: 4,
        requests: 0,
        rememberShare: 0.5,
        // A seed per run: the same notes again would be refused as duplicates.
        sentences: new SentenceGenerator(new SeededRandom(seed), 0.1),
        gatewayPid: gateway.pid,
        progress: () => undefined,
        ratePerSecond: 8,
        seconds: 2,
      });
      expect(result).toMatchObject({
        transport,
        offeredRate: 8,
        requests: 16,
        errors: 0,
        lost: [],
        crossed: [],
      });
      expect(result.latency.remember.count + result.latency.recall.count).toBe(16);
      // What the gateway spent on the run's requests, read from /proc: some of it on its event loop.
      expect(result.gatewayCpu!.eventLoopMs).toBeGreaterThan(0);
      expect(result.gatewayCpu!.processMs).toBeGreaterThanOrEqual(result.gatewayCpu!.eventLoopMs);
      expect(result.saved + result.duplicates).toBe(result.latency.remember.count);
      expect(result.saved).toBeGreaterThan(0);
      // Its MCP sessions are ended on the server too (--find-rate runs many one after another).
      const metrics = await (await fetch(`${gateway.url}/metrics`)).text();
      expect(metrics).toMatch(/^kioku_mcp_sessions 0$/m);
    },
  );
});
