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
import { startTestGateway, type ApiClient, type TestGateway } from './testing/gateway-harness';

jest.setTimeout(300_000);

const CLIENTS = 50;
const REQUESTS_PER_CLIENT = 40;
const REMEMBER_SHARE = 0.25;
const STORE = process.env.KIOKU_LOAD_STORE ?? 'memory';
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
  'falcon',
  'pepper',
  'ribbon',
  'saddle',
  'thistle',
  'walnut',
  'anchor',
  'bramble',
  'cobalt',
  'dune',
];
const QUERIES = Array.from(
  { length: 24 },
  (_, i) => `${WORDS[i % WORDS.length]} ${WORDS[(i * 7 + 3) % WORDS.length]} story`,
);

interface Sample {
  op: 'remember' | 'recall';
  ms: number;
}

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
    const keys = await Promise.all(
      NAMESPACES.flatMap((namespace) =>
        [t.createKey(namespace), t.createKey(namespace)].map(async (key) => ({
          namespace,
          api: t.api((await key).token),
        })),
      ),
    );
    const saved = new Map(NAMESPACES.map((ns) => [ns, new Set<string>()]));
    const seenByNamespace = new Map(NAMESPACES.map((ns) => [ns, new Set<string>()]));
    const errors: string[] = [];
    const samples: Sample[] = [];
    let duplicates = 0;

    const client = async (index: number) => {
      const { namespace, api } = keys[index % keys.length];
      for (let n = 0; n < REQUESTS_PER_CLIENT; n += 1) {
        const isRemember = (index * 31 + n * 17) % 100 < REMEMBER_SHARE * 100;
        const started = performance.now();
        if (isRemember) {
          const content =
            `Load note ${namespace} c${index} n${n}: ${WORDS[(index + n) % WORDS.length]} and ${WORDS[(index * 3 + n * 5) % WORDS.length]} ` +
            `near ${WORDS[(n * 11 + 7) % WORDS.length]}, entry ${index * 1000 + n}.`;
          const response = await send(api, 'remember', { content, tags: [namespace] });
          samples.push({ op: 'remember', ms: performance.now() - started });
          if (response.status === 201) saved.get(namespace)!.add(response.body.memory.id);
          else if (response.status === 200 && response.body.status === 'duplicate') duplicates += 1;
          else errors.push(`remember ${response.status} ${response.text.slice(0, 200)}`);
        } else {
          const response = await send(api, 'recall', {
            query: QUERIES[(index + n) % QUERIES.length],
            n_results: 5,
          });
          samples.push({ op: 'recall', ms: performance.now() - started });
          if (response.status !== 200)
            errors.push(`recall ${response.status} ${response.text.slice(0, 200)}`);
          else
            for (const result of response.body.results as { id: string }[])
              seenByNamespace.get(namespace)!.add(result.id);
        }
      }
    };

    const started = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
    const seconds = (performance.now() - started) / 1000;

    const repository = t.app.container.get(MemoryRepository);
    const lost: string[] = [];
    const crossed: string[] = [];
    for (const namespace of NAMESPACES) {
      const ids = [...saved.get(namespace)!];
      const stored = new Set((await repository.get(namespace, ids)).map((s) => s.memory.id));
      lost.push(...ids.filter((id) => !stored.has(id)));
      expect(await repository.count(namespace)).toBe(ids.length);
      for (const id of seenByNamespace.get(namespace)!)
        if (!saved.get(namespace)!.has(id)) crossed.push(`${namespace}:${id}`);
      for (const other of NAMESPACES.filter((ns) => ns !== namespace)) {
        expect(await repository.get(other, ids)).toEqual([]);
      }
    }
    const owner = keys.find((k) => k.namespace === NAMESPACES[0])!.api;
    const sample = [...saved.get(NAMESPACES[0])!].slice(0, 25);
    // One at a time: a burst over the key's in-flight limit would be refused (429), as it should.
    const viaApi: string[] = [];
    for (const id of sample) viaApi.push((await owner.patch(`/v1/memories/${id}`, {})).body.status);
    expect(viaApi).toEqual(sample.map(() => 'unchanged'));

    const total = samples.length;
    const savedCount = NAMESPACES.reduce((sum, ns) => sum + saved.get(ns)!.size, 0);
    process.stderr.write(
      `load: ${total} requests (${CLIENTS} clients, ${keys.length} keys, ${NAMESPACES.length} namespaces) in ${seconds.toFixed(1)} s = ` +
        `${(total / seconds).toFixed(0)} req/s; errors ${errors.length}; saved ${savedCount}, duplicates ${duplicates}, ` +
        `lost ${lost.length}; crossed namespaces ${crossed.length}\n` +
        (['remember', 'recall'] as const)
          .map((op) => {
            const ms = samples
              .filter((s) => s.op === op)
              .map((s) => s.ms)
              .sort((a, b) => a - b);
            return `  ${op}: n=${ms.length} p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms, max ${ms[ms.length - 1].toFixed(0)} ms`;
          })
          .join('\n') +
        '\n',
    );
    expect(errors).toEqual([]);
    expect(lost).toEqual([]);
    expect(crossed).toEqual([]);
    expect(total).toBe(CLIENTS * REQUESTS_PER_CLIENT);
    expect(savedCount + duplicates).toBe(samples.filter((s) => s.op === 'remember').length);
  });
});

async function send(api: ApiClient, op: 'remember' | 'recall', body: unknown) {
  try {
    return await api.post(op === 'remember' ? '/v1/memories' : '/v1/recall', body);
  } catch (error) {
    return { status: 0, headers: {}, body: undefined, text: String(error) };
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
