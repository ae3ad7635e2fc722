/**
 * One load run over one transport: `clients` clients at once, each on its key (client i on key
 * i mod keys), each sending `requests` requests one after the other, a share of them remembers of
 * unseen generated notes and the rest recalls of generated queries. Records each request's latency
 * and outcome; afterwards reads every acknowledged memory back with its key (lost: not readable) and
 * with a key of every other namespace (crossed: readable there), and checks that no recall returned a
 * memory saved in another namespace (crossed too).
 */
import { percentile } from '../lib/percentiles';
import type { CpuTimes } from '@kioku/processes';
import { cpuPerRequest, gatewayCpuTimes } from './gateway-cpu';
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
  /** Open loop only: the arrivals per second sent (latencies count from each scheduled arrival). */
  offeredRate?: number;
  /** The started gateway's CPU a request during the run (Linux only): its event loop, and in all. */
  gatewayCpu?: { eventLoopMs: number; processMs: number };
}

export interface LoadPlan {
  transport: LoadTransport;
  url: string;
  keys: LoadKeyOption[];
  clients: number;
  requests: number;
  rememberShare: number;
  sentences: SentenceGenerator;
  /** The gateway's process when the bench started it (its CPU is read around each run). */
  gatewayPid?: number;
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

/** One request of the load: what it does and the text it sends. */
export interface LoadRequest {
  op: LoadOperation;
  text: string;
}

/** Request `n` of client `index`: texts are made before the clock starts, so making them is not measured. */
export function loadRequest(
  plan: Pick<LoadPlan, 'rememberShare' | 'sentences'>,
  index: number,
  n: number,
): LoadRequest {
  return isRemember(index, n, plan.rememberShare)
    ? { op: 'remember', text: plan.sentences.memory().text }
    : { op: 'recall', text: plan.sentences.query() };
}

/** Opens one client per key slot (client i on key i mod keys). */
export function openClients(plan: LoadPlan, count: number): Promise<LoadClient[]> {
  plan.progress(`${plan.transport}: opening ${count} clients`);
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      openLoadClient(plan.transport, plan.url, plan.keys[i % plan.keys.length].token),
    ),
  );
}

/**
 * What the requests of one run saw: latencies per operation, errors, the memories saved (with their
 * namespace) and the ids each namespace's recalls returned, for the isolation check.
 */
export class LoadRecorder {
  readonly samples: Record<LoadOperation, number[]> = { remember: [], recall: [] };
  readonly errors: string[] = [];
  readonly saved = new Map<string, string>(); // memory id → namespace
  private readonly seen = new Map<string, Set<string>>(); // namespace → ids its recalls returned
  private duplicates = 0;
  private cpuAtStart: CpuTimes | undefined;

  /** Reads the gateway's CPU as the requests start (the run's share is read as they end). */
  start(plan: Pick<LoadPlan, 'gatewayPid'>): void {
    this.cpuAtStart = gatewayCpuTimes(plan.gatewayPid);
  }

  /** Sends the request on the client and records its outcome, timed from `since` (performance.now()). */
  async send(client: LoadClient, namespace: string, { op, text }: LoadRequest, since: number): Promise<void> {
    if (op === 'remember') {
      const outcome = await client.remember(text);
      this.samples.remember.push(performance.now() - since);
      if (outcome.kind === 'saved') this.saved.set(outcome.id, namespace);
      else if (outcome.kind === 'duplicate') this.duplicates += 1;
      else this.errors.push(outcome.reason);
      return;
    }
    const outcome = await client.recall(text);
    this.samples.recall.push(performance.now() - since);
    if (outcome.kind === 'error') this.errors.push(outcome.reason);
    else
      for (const id of outcome.ids)
        (this.seen.get(namespace) ?? this.seen.set(namespace, new Set()).get(namespace)!).add(id);
  }

  get done(): number {
    return this.samples.remember.length + this.samples.recall.length;
  }

  /** Reads every acknowledged memory back and sums the run up. */
  async result(plan: LoadPlan, clients: number, seconds: number): Promise<TransportResult> {
    // Before the read-back, whose requests are not the load's.
    const gatewayCpu = cpuPerRequest(this.cpuAtStart, gatewayCpuTimes(plan.gatewayPid), this.done);
    plan.progress(`${plan.transport}: reading back ${this.saved.size} acknowledged memories`);
    const { lost, crossed } = await checkIsolation(plan.url, plan.keys, this.saved, this.seen);
    const { samples } = this;
    return {
      transport: plan.transport,
      clients,
      requests: this.done,
      seconds,
      requestsPerSecond: this.done / seconds,
      latency: { remember: operationStats(samples.remember), recall: operationStats(samples.recall) },
      errors: this.errors.length,
      firstErrors: this.errors.slice(0, 5),
      saved: this.saved.size,
      duplicates: this.duplicates,
      lost,
      crossed,
      samples,
      ...(gatewayCpu && { gatewayCpu }),
    };
  }
}

/** The closed loop: every client sends its requests one after the other. */
export async function runTransport(plan: LoadPlan): Promise<TransportResult> {
  const recorder = new LoadRecorder();
  const clients = await openClients(plan, plan.clients);
  const work = clients.map((_, index) =>
    Array.from({ length: plan.requests }, (__, n) => loadRequest(plan, index, n)),
  );
  const total = plan.clients * plan.requests;
  recorder.start(plan);
  const started = performance.now();
  try {
    await Promise.all(
      clients.map(async (client, index) => {
        const { namespace } = plan.keys[index % plan.keys.length];
        for (const request of work[index]) {
          await recorder.send(client, namespace, request, performance.now());
          if (recorder.done % 100 === 0)
            plan.progress(`${plan.transport}: ${recorder.done}/${total} requests`);
        }
      }),
    );
  } finally {
    await closeClients(clients);
  }
  return recorder.result(plan, plan.clients, (performance.now() - started) / 1000);
}

export async function closeClients(clients: LoadClient[]): Promise<void> {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
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
