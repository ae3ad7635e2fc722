/**
 * The gateway load test (see gateway.load.spec.ts) against N `kioku http` processes on one data dir's
 * in-process store, each request sent to the next replica in turn: 50
 * concurrent clients, a quarter remember and the rest recall, six keys in three namespaces. Asserted:
 * no error, no lost write, no crossed namespace; throughput and p50/p95 per operation go to stderr.
 *
 * Heavy (N processes, each with the local model), so opt-in: `npm test` runs it only when
 * `KIOKU_LOAD_REPLICAS` is set, e.g. `KIOKU_LOAD_REPLICAS=3 npm run test:int --
 * apps/http-gateway/src/replicas.load.int.spec.ts` (1 for the baseline; `KIOKU_LOAD_REQUESTS` per
 * client, default 20).
 */
import { crossedIds, latencySummary, runLoad, type LoadKey } from './testing/load-driver';
import { startReplicaCluster, type ReplicaCluster, type RoundRobinClient } from './testing/replica-cluster';

jest.setTimeout(900_000);

const REPLICAS = Number(process.env['KIOKU_LOAD_REPLICAS']);
if (!(REPLICAS >= 1))
  throw new Error('The replica load test is opt-in: set KIOKU_LOAD_REPLICAS (1 or more).');
const CLIENTS = 50;
const REQUESTS_PER_CLIENT = Number(process.env['KIOKU_LOAD_REQUESTS'] ?? 20);
const NAMESPACES = ['load-a', 'load-b', 'load-c'];

describe(`load: ${CLIENTS} clients round-robin over ${REPLICAS} replica(s) on one store`, () => {
  let cluster: ReplicaCluster;

  beforeAll(async () => {
    cluster = await startReplicaCluster(REPLICAS);
  }, 300_000);
  afterAll(() => cluster?.stop());

  it('loses no write, crosses no namespace and answers every request', async () => {
    const keys: LoadKey[] = [];
    const owners = new Map<string, RoundRobinClient>();
    for (const namespace of NAMESPACES)
      for (let k = 0; k < 2; k++) {
        const api = cluster.roundRobin(await cluster.createKey(namespace));
        if (!owners.has(namespace)) owners.set(namespace, api);
        keys.push({ namespace, send: (method, url, body) => api.send(method, url, body) });
      }
    const load = await runLoad(keys, {
      clients: CLIENTS,
      requestsPerClient: REQUESTS_PER_CLIENT,
      rememberShare: 0.25,
    });

    const lost: string[] = [];
    const stored: string[] = [];
    for (const namespace of NAMESPACES) {
      const owner = owners.get(namespace)!;
      const ids = [...load.saved.get(namespace)!];
      // One at a time: a burst over the key's in-flight limit would be refused (429), as it should.
      for (const id of ids)
        if ((await owner.send('PATCH', `/v1/memories/${id}`, {})).body?.status !== 'unchanged') lost.push(id);
      stored.push(
        `${namespace}: ${(await owner.send('GET', '/v1/wake-up')).body.total} stored, ${ids.length} answered 201`,
      );
    }
    const crossed = crossedIds(load);
    const savedCount = NAMESPACES.reduce((sum, ns) => sum + load.saved.get(ns)!.size, 0);
    process.stderr.write(
      `load over ${REPLICAS} replica(s): ${load.requests} requests in ${load.seconds.toFixed(1)} s = ` +
        `${(load.requests / load.seconds).toFixed(1)} req/s; errors ${load.errors.length}; saved ${savedCount}, ` +
        `duplicates ${load.duplicates}, lost ${lost.length}; crossed ${crossed.length}\n` +
        `${latencySummary(load)}\n  ${stored.join('; ')}\n` +
        (load.errors.length > 0 ? `  first errors: ${load.errors.slice(0, 3).join(' | ')}\n` : ''),
    );
    expect(load.errors).toEqual([]);
    expect(lost).toEqual([]);
    expect(crossed).toEqual([]);
    expect(stored.filter((line) => !/^\S+ (\d+) stored, \1 answered/.test(line))).toEqual([]);
    expect(savedCount + load.duplicates).toBe(load.latency.remember.length);
  });
});
