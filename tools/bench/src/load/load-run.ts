/**
 * One load run over one transport: `clients` clients at once, each on its key (client i on key
 * i mod keys), each sending `requests` requests one after the other, a share of them remembers of
 * unseen generated notes and the rest recalls of generated queries. Records each request's latency
 * and outcome; afterwards reads every acknowledged memory back with its key (lost: not readable) and
 * with a key of every other namespace (crossed: readable there), and checks that no recall returned a
 * memory saved in another namespace (crossed too).
 */
import { percentile } from '../lib/percentiles';
import type { SentenceGenerator } from '../lib/sentence-generator';
import { openLoadClient, readable, type LoadClient } from './load-clients';
import type { LoadKeyOption, LoadTransport } from './load-options';

export type LoadOperation = 'remember' | 'recall';

export interface OperationStats {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface TransportResult {
  transport: LoadTransport;
  clients: number;
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  latency: Record<LoadOperation, OperationStats>;
  errors: number;
  /** The first few errors, as the client saw them. */
  firstErrors: string[];
  saved: number;
  duplicates: number;
  /** Acknowledged memories that could not be read back with their key. */
  lost: string[];
  /** Memories seen from, or readable through, a namespace they were not saved in. */
  crossed: string[];
  /** Raw latencies in ms, for the JSON report. */
  samples: Record<LoadOperation, number[]>;
}

export interface LoadPlan {
  transport: LoadTransport;
  url: string;
  keys: LoadKeyOption[];
  clients: number;
  requests: number;
  rememberShare: number;
  sentences: SentenceGenerator;
  progress(line: string): void;
}

/** Whether request `n` of client `index` is a remember: spread evenly, the same in every run. */
export function isRemember(index: number, n: number, share: number): boolean {
  return (index * 31 + n * 17) % 100 < share * 100;
}

export function operationStats(samples: number[]): OperationStats {
  return {
    count: samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    max: samples.length > 0 ? Math.max(...samples) : Number.NaN,
  };
}

export async function runTransport(plan: LoadPlan): Promise<TransportResult> {
  const { keys } = plan;
  const samples: Record<LoadOperation, number[]> = { remember: [], recall: [] };
  const errors: string[] = [];
  const saved = new Map<string, string>(); // memory id → namespace
  const seen = new Map<string, Set<string>>(); // namespace → ids its recalls returned
  let duplicates = 0;
  let done = 0;

  plan.progress(`${plan.transport}: opening ${plan.clients} clients`);
  const clients: LoadClient[] = await Promise.all(
    Array.from({ length: plan.clients }, (_, i) =>
      openLoadClient(plan.transport, plan.url, keys[i % keys.length].token),
    ),
  );
  // Texts are made before the clock starts, so generating them is not measured.
  const work = clients.map((_, index) =>
    Array.from({ length: plan.requests }, (__, n) =>
      isRemember(index, n, plan.rememberShare)
        ? { op: 'remember' as const, text: plan.sentences.memory().text }
        : { op: 'recall' as const, text: plan.sentences.query() },
    ),
  );
  const started = performance.now();
  try {
    await Promise.all(
      clients.map(async (client, index) => {
        const { namespace } = keys[index % keys.length];
        for (const { op, text } of work[index]) {
          const sent = performance.now();
          if (op === 'remember') {
            const outcome = await client.remember(text);
            samples.remember.push(performance.now() - sent);
            if (outcome.kind === 'saved') saved.set(outcome.id, namespace);
            else if (outcome.kind === 'duplicate') duplicates += 1;
            else errors.push(outcome.reason);
          } else {
            const outcome = await client.recall(text);
            samples.recall.push(performance.now() - sent);
            if (outcome.kind === 'error') errors.push(outcome.reason);
            else
              for (const id of outcome.ids)
                (seen.get(namespace) ?? seen.set(namespace, new Set()).get(namespace)!).add(id);
          }
          if (++done % 100 === 0)
            plan.progress(`${plan.transport}: ${done}/${plan.clients * plan.requests} requests`);
        }
      }),
    );
  } finally {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  }
  const seconds = (performance.now() - started) / 1000;

  plan.progress(`${plan.transport}: reading back ${saved.size} acknowledged memories`);
  const { lost, crossed } = await checkIsolation(plan.url, keys, saved, seen);
  const requests = samples.remember.length + samples.recall.length;
  return {
    transport: plan.transport,
    clients: plan.clients,
    requests,
    seconds,
    requestsPerSecond: requests / seconds,
    latency: { remember: operationStats(samples.remember), recall: operationStats(samples.recall) },
    errors: errors.length,
    firstErrors: errors.slice(0, 5),
    saved: saved.size,
    duplicates,
    lost,
    crossed,
    samples,
  };
}

/** Reads each acknowledged memory with a key of its namespace and of every other namespace. */
async function checkIsolation(
  url: string,
  keys: LoadKeyOption[],
  saved: Map<string, string>,
  seen: Map<string, Set<string>>,
): Promise<{ lost: string[]; crossed: string[] }> {
  const keyOf = new Map<string, string>();
  for (const key of keys) if (!keyOf.has(key.namespace)) keyOf.set(key.namespace, key.token);
  const lost: string[] = [];
  const crossed: string[] = [];
  // A few at a time: a burst over a key's in-flight limit would be refused, as it should be.
  const ids = [...saved.keys()];
  for (let i = 0; i < ids.length; i += 8) {
    await Promise.all(
      ids.slice(i, i + 8).map(async (id) => {
        const home = saved.get(id)!;
        for (const [namespace, token] of keyOf) {
          const found = await readable(url, token, id);
          if (namespace === home && !found) lost.push(id);
          if (namespace !== home && found) crossed.push(`${id} readable from ${namespace}`);
        }
      }),
    );
  }
  for (const [namespace, ids] of seen)
    for (const id of ids) {
      const home = saved.get(id);
      if (home !== undefined && home !== namespace) crossed.push(`${id} recalled in ${namespace}`);
    }
  return { lost, crossed };
}
