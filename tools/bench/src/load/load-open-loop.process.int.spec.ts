/**
 * The open loop of `kioku bench load` against a real `kioku http` (spawned from bin/kioku on the
 * embedded default, as the command starts it): every scheduled arrival is sent and answered, the
 * acknowledged memories are read back, and nothing crosses namespaces. Latencies are the benchmark's
 * to show, never asserted here.
 */
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
      expect(result.saved + result.duplicates).toBe(result.latency.remember.count);
      expect(result.saved).toBeGreaterThan(0);
      // Its MCP sessions are ended on the server too (--find-rate runs many one after another).
      const metrics = await (await fetch(`${gateway.url}/metrics`)).text();
      expect(metrics).toMatch(/^kioku_mcp_sessions 0$/m);
    },
  );
});
