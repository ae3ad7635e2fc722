/**
 * The load both gateway load tests send: concurrent clients, each with its key, a share of remembers
 * (distinct notes) and the rest recalls. It records what was saved and what each namespace's recalls
 * returned, so the tests can check for lost writes and crossed namespaces; latency goes to a summary.
 */
/** Everyday nouns the test notes and queries are made of. */
export const TOPIC_WORDS = [
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

interface LoadResponse {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the driver reads JSON fields it knows
  body: any;
  text: string;
}

/** One API key: sends a JSON request and answers (never throws: a failure is status 0). */
export interface LoadKey {
  namespace: string;
  send(method: 'POST', url: string, body: unknown): Promise<LoadResponse>;
}

export interface LoadOptions {
  clients: number;
  requestsPerClient: number;
  rememberShare: number;
}

export interface LoadResult {
  seconds: number;
  requests: number;
  errors: string[];
  duplicates: number;
  /** Ids answered 201, per namespace. */
  saved: Map<string, Set<string>>;
  /** Ids that recalls returned, per namespace of the caller. */
  seen: Map<string, Set<string>>;
  latency: Record<'remember' | 'recall', number[]>;
}

export async function runLoad(keys: LoadKey[], options: LoadOptions): Promise<LoadResult> {
  const namespaces = [...new Set(keys.map((key) => key.namespace))];
  const result: LoadResult = {
    seconds: 0,
    requests: 0,
    errors: [],
    duplicates: 0,
    saved: new Map(namespaces.map((ns) => [ns, new Set<string>()])),
    seen: new Map(namespaces.map((ns) => [ns, new Set<string>()])),
    latency: { remember: [], recall: [] },
  };
  const client = async (index: number) => {
    const key = keys[index % keys.length];
    for (let n = 0; n < options.requestsPerClient; n += 1) {
      const isRemember = (index * 31 + n * 17) % 100 < options.rememberShare * 100;
      const started = performance.now();
      if (isRemember) {
        const content =
          `Load note ${key.namespace} c${index} n${n}: ${TOPIC_WORDS[(index + n) % TOPIC_WORDS.length]} and ` +
          `${TOPIC_WORDS[(index * 3 + n * 5) % TOPIC_WORDS.length]} near ${TOPIC_WORDS[(n * 11 + 7) % TOPIC_WORDS.length]}, entry ${index * 1000 + n}.`;
        const response = await key.send('POST', '/v1/memories', { content, tags: [key.namespace] });
        result.latency.remember.push(performance.now() - started);
        if (response.status === 201) result.saved.get(key.namespace)!.add(response.body.memory.id);
        else if (response.status === 200 && response.body?.status === 'duplicate') result.duplicates += 1;
        else result.errors.push(`remember ${response.status} ${response.text.slice(0, 200)}`);
      } else {
        const query = `${TOPIC_WORDS[(index + n) % TOPIC_WORDS.length]} ${TOPIC_WORDS[((index + n) * 7 + 3) % TOPIC_WORDS.length]} story`;
        const response = await key.send('POST', '/v1/recall', { query, n_results: 5 });
        result.latency.recall.push(performance.now() - started);
        if (response.status !== 200)
          result.errors.push(`recall ${response.status} ${response.text.slice(0, 200)}`);
        else
          for (const found of response.body.results as { id: string }[])
            result.seen.get(key.namespace)!.add(found.id);
      }
      result.requests += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: options.clients }, (_, i) => client(i)));
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/** Ids a namespace's recalls returned that were not saved in it. */
export function crossedIds(result: LoadResult): string[] {
  return [...result.seen].flatMap(([namespace, ids]) =>
    [...ids].filter((id) => !result.saved.get(namespace)!.has(id)).map((id) => `${namespace}:${id}`),
  );
}

/** `remember: n=… p50 … ms, p95 … ms, max … ms` and the same for recall. */
export function latencySummary(result: LoadResult): string {
  return (['remember', 'recall'] as const)
    .map((op) => {
      const ms = [...result.latency[op]].sort((a, b) => a - b);
      return `  ${op}: n=${ms.length} p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms, max ${(ms.at(-1) ?? 0).toFixed(0)} ms`;
    })
    .join('\n');
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
