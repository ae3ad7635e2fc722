/**
 * A bounded load test over real loopback HTTP with the local model: 50 concurrent clients send 2,000
 * requests in all (a quarter remember, the rest recall) over six keys in three namespaces (two keys
 * share each namespace), then stop. Asserted: no error (no 5xx, no unexpected 4xx), no lost write
 * (every saved id is stored and retrievable afterwards, and each namespace holds exactly what was
 * saved in it), no crossed namespace (recall only ever returns the caller's own memories).
 * Throughput and latency go to stderr, never asserted.
 *
 * The store is the in-memory one, so the run stays well under a minute on two cores and measures
 * the gateway and the domain, not Chroma. `KIOKU_LOAD_STORE=chroma-embedded` runs the same test
 * against an embedded Chroma server (about 25 requests/s on two cores; Chroma 1.x's local server
 * then occasionally answers a query with "Error creating hnsw segment reader: Nothing found on
 * disk", which surfaces as a 503 STORE_UNAVAILABLE).
 */
import 'reflect-metadata';
import { MemoryRepository } from '@kioku/memory';
import { startTestGateway, type TestGateway } from './testing/gateway-harness';
import { crossedIds, latencySummary, runLoad, type LoadKey } from './testing/load-driver';

jest.setTimeout(300_000);

const CLIENTS = 50;
const REQUESTS_PER_CLIENT = 40;
const STORE = process.env.KIOKU_LOAD_STORE ?? 'memory';
const NAMESPACES = ['load-a', 'load-b', 'load-c'];

describe(`load: ${CLIENTS} concurrent clients over loopback (${STORE} store, local model)`, () => {
  let t: TestGateway;

  beforeAll(async () => {
    t = await startTestGateway({
      KIOKU_VECTOR_STORE: STORE,
      KIOKU_LOG_LEVEL: 'warn',
      KIOKU_HTTP_RATE_PER_MINUTE: '10000000',
      KIOKU_HTTP_RATE_BURST: '10000000',
    });
  }, 90_000);

  afterAll(() => t?.close());

  it('loses no write, crosses no namespace and answers every request', async () => {
    const keys: LoadKey[] = await Promise.all(
      NAMESPACES.flatMap((namespace) =>
        [t.createKey(namespace), t.createKey(namespace)].map(async (key) => {
          const api = t.api((await key).token);
          return {
            namespace,
            send: (_method: 'POST', url: string, body: unknown) =>
              api
                .post(url, body)
                .catch((error: Error) => ({ status: 0, body: undefined, text: error.message })),
          };
        }),
      ),
    );
    const load = await runLoad(keys, {
      clients: CLIENTS,
      requestsPerClient: REQUESTS_PER_CLIENT,
      rememberShare: 0.25,
    });

    const repository = t.app.container.get(MemoryRepository);
    const lost: string[] = [];
    for (const namespace of NAMESPACES) {
      const ids = [...load.saved.get(namespace)!];
      const stored = new Set((await repository.get(namespace, ids)).map((s) => s.memory.id));
      lost.push(...ids.filter((id) => !stored.has(id)));
      expect(await repository.count(namespace)).toBe(ids.length);
      for (const other of NAMESPACES.filter((ns) => ns !== namespace)) {
        expect(await repository.get(other, ids)).toEqual([]);
      }
    }
    const owner = t.api((await t.createKey(NAMESPACES[0])).token);
    const sample = [...load.saved.get(NAMESPACES[0])!].slice(0, 25);
    // One at a time: a burst over the key's in-flight limit would be refused (429), as it should.
    const viaApi: string[] = [];
    for (const id of sample) viaApi.push((await owner.patch(`/v1/memories/${id}`, {})).body.status);
    expect(viaApi).toEqual(sample.map(() => 'unchanged'));

    const crossed = crossedIds(load);
    const savedCount = NAMESPACES.reduce((sum, ns) => sum + load.saved.get(ns)!.size, 0);
    process.stderr.write(
      `load: ${load.requests} requests (${CLIENTS} clients, ${keys.length} keys, ${NAMESPACES.length} namespaces) in ` +
        `${load.seconds.toFixed(1)} s = ${(load.requests / load.seconds).toFixed(0)} req/s; errors ${load.errors.length}; ` +
        `saved ${savedCount}, duplicates ${load.duplicates}, lost ${lost.length}; crossed namespaces ${crossed.length}\n` +
        `${latencySummary(load)}\n`,
    );
    expect(load.errors).toEqual([]);
    expect(lost).toEqual([]);
    expect(crossed).toEqual([]);
    expect(load.requests).toBe(CLIENTS * REQUESTS_PER_CLIENT);
    expect(savedCount + load.duplicates).toBe(load.latency.remember.length);
  });
});
