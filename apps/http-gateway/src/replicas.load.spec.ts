/**
 * The gateway load test (see gateway.load.spec.ts) against N `kioku http` processes on one embedded
 * Chroma server, each request sent to the next replica in turn (issue 11, Done-when line 6): 50
 * concurrent clients, a quarter remember and the rest recall, six keys in three namespaces. Asserted:
 * no error, no lost write, no crossed namespace; throughput and p50/p95 per operation go to stderr.
 *
 * Heavy (N processes, each with the local model), so opt-in:
 * `KIOKU_LOAD_REPLICAS=3 npx jest apps/http-gateway/src/replicas.load.spec.ts` (1 for the baseline;
 * `KIOKU_LOAD_REQUESTS` per client, default 20).
 */
import { startReplicaCluster, type ReplicaCluster, type RoundRobinClient } from './testing/replica-cluster';

jest.setTimeout(900_000);

const REPLICAS = Number(process.env['KIOKU_LOAD_REPLICAS'] ?? 0);
const CLIENTS = 50;
const REQUESTS_PER_CLIENT = Number(process.env['KIOKU_LOAD_REQUESTS'] ?? 20);
const REMEMBER_SHARE = 0.25;
const NAMESPACES = ['load-a', 'load-b', 'load-c'];
const WORDS = [
  'harbor',
  'violin',
  'glacier',
  'bakery',
  'comet',
  'orchard',
  'tunnel',
  'lantern',
  'meadow',
  'quarry',
];

interface Sample {
  op: 'remember' | 'recall';
  ms: number;
}

const describeIfAsked = REPLICAS > 0 ? describe : describe.skip;

describeIfAsked(`load: ${CLIENTS} clients round-robin over ${REPLICAS} replica(s) on one store`, () => {
  let cluster: ReplicaCluster;

  beforeAll(async () => {
    cluster = await startReplicaCluster(REPLICAS);
  }, 300_000);
  afterAll(() => cluster?.stop());

  it('loses no write, crosses no namespace and answers every request', async () => {
    const keys: { namespace: string; api: RoundRobinClient }[] = [];
    for (const namespace of NAMESPACES)
      for (let k = 0; k < 2; k++)
        keys.push({ namespace, api: cluster.roundRobin(await cluster.createKey(namespace)) });
    const saved = new Map(NAMESPACES.map((ns) => [ns, new Set<string>()]));
    const seen = new Map(NAMESPACES.map((ns) => [ns, new Set<string>()]));
    const errors: string[] = [];
    const samples: Sample[] = [];
    let duplicates = 0;

    const client = async (index: number) => {
      const { namespace, api } = keys[index % keys.length];
      for (let n = 0; n < REQUESTS_PER_CLIENT; n += 1) {
        const isRemember = (index * 31 + n * 17) % 100 < REMEMBER_SHARE * 100;
        const started = performance.now();
        if (isRemember) {
          const content = `Load note ${namespace} c${index} n${n}: ${WORDS[(index + n) % WORDS.length]} near ${WORDS[(n * 7 + 3) % WORDS.length]}, entry ${index * 1000 + n}.`;
          const response = await api.send('POST', '/v1/memories', { content, tags: [namespace] });
          samples.push({ op: 'remember', ms: performance.now() - started });
          if (response.status === 201) saved.get(namespace)!.add(response.body.memory.id);
          else if (response.status === 200 && response.body.status === 'duplicate') duplicates += 1;
          else errors.push(`remember ${response.status} ${response.text.slice(0, 200)}`);
        } else {
          const query = `${WORDS[(index + n) % WORDS.length]} ${WORDS[(index * 3 + n) % WORDS.length]} story`;
          const response = await api.send('POST', '/v1/recall', { query, n_results: 5 });
          samples.push({ op: 'recall', ms: performance.now() - started });
          if (response.status !== 200)
            errors.push(`recall ${response.status} ${response.text.slice(0, 200)}`);
          else
            for (const result of response.body.results as { id: string }[])
              seen.get(namespace)!.add(result.id);
        }
      }
    };

    const started = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
    const seconds = (performance.now() - started) / 1000;

    const lost: string[] = [];
    const crossed: string[] = [];
    const stored: string[] = [];
    for (const namespace of NAMESPACES) {
      const owner = keys.find((k) => k.namespace === namespace)!.api;
      const ids = [...saved.get(namespace)!];
      // One at a time: a burst over the key's in-flight limit would be refused (429), as it should.
      for (const id of ids)
        if ((await owner.send('PATCH', `/v1/memories/${id}`, {})).body?.status !== 'unchanged') lost.push(id);
      stored.push(
        `${namespace}: ${(await owner.send('GET', '/v1/wake-up')).body.total} stored, ${ids.length} answered 201`,
      );
      for (const id of seen.get(namespace)!)
        if (!saved.get(namespace)!.has(id)) crossed.push(`${namespace}:${id}`);
    }

    const total = samples.length;
    const savedCount = NAMESPACES.reduce((sum, ns) => sum + saved.get(ns)!.size, 0);
    process.stderr.write(
      `load over ${REPLICAS} replica(s): ${total} requests in ${seconds.toFixed(1)} s = ${(total / seconds).toFixed(1)} req/s; ` +
        `errors ${errors.length}; saved ${savedCount}, duplicates ${duplicates}, lost ${lost.length}; crossed ${crossed.length}\n` +
        (['remember', 'recall'] as const)
          .map((op) => {
            const ms = samples
              .filter((s) => s.op === op)
              .map((s) => s.ms)
              .sort((a, b) => a - b);
            return `  ${op}: n=${ms.length} p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms, max ${(ms.at(-1) ?? 0).toFixed(0)} ms`;
          })
          .join('\n') +
        '\n' +
        `  ${stored.join('; ')}\n` +
        (errors.length > 0 ? `  first errors: ${errors.slice(0, 3).join(' | ')}\n` : ''),
    );
    expect(errors).toEqual([]);
    expect(lost).toEqual([]);
    expect(crossed).toEqual([]);
    expect(stored.filter((line) => !/^\S+ (\d+) stored, \1 answered/.test(line))).toEqual([]);
    expect(savedCount + duplicates).toBe(samples.filter((s) => s.op === 'remember').length);
  });
});

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
