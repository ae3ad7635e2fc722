/**
 * Coalesces concurrent embedding requests into batches of bounded size, for every provider: a model
 * forward pass on this CPU (one run at a time) or an HTTP request to an embedding server.
 *
 * Contract:
 * - `submit(items)` resolves with one result per item, in the same order.
 * - Items submitted in the same turn of the event loop share batches; one run sees at most
 *   `maxBatchSize` items, so N queued items take ceil(N / maxBatchSize) runs.
 * - At most `maxConcurrentRuns` runs are in flight; items that arrive meanwhile wait and join the next
 *   run instead of each paying for a request.
 * - A failed run rejects every request that had an item in it; their remaining items are dropped and
 *   later requests are unaffected.
 * - `lingerMs` (default 0): while another run is in flight, a single waiting item waits up to that long
 *   for company before its run starts (it starts as soon as a second item comes or the run in flight
 *   ends), so requests that arrive a few milliseconds apart share one run instead of each paying for a
 *   pass of its own. A lone request (nothing in flight) starts at once, and so does a queue of two or
 *   more (under load the queue is what coalesces).
 * - Priorities: items submitted `urgent` (a caller waits to read) form the next run before any `normal`
 *   item, in runs of their own. A normal item is never starved: once the oldest normal item has waited
 *   `normalMaxWaitMs` (default 1,000) its run goes next, and while normal items stay overdue the two
 *   kinds take turns, so each gets at least every other run. `normalBatchSize` (default
 *   `maxBatchSize`) bounds a normal run, and so how long an urgent item can wait for a run in flight.
 *
 * A local model gains nothing from parallel passes (`maxConcurrentRuns: 1`); a remote server can work
 * on a second request while the first one's answer travels back, hence a bound rather than strict
 * serialisation.
 */
import { positiveInteger } from '@kioku/kernel';

export type BatchRunner<Item, Result> = (items: Item[]) => Promise<Result[]>;

export interface RequestBatcherOptions {
  /** Most items in one run; a positive integer. */
  maxBatchSize: number;
  /** Most runs in flight at once; a positive integer. */
  maxConcurrentRuns: number;
  /** How long a single waiting item waits for company while another run is in flight; default 0. */
  lingerMs?: number;
  /** Most normal items in one run; default `maxBatchSize`. */
  normalBatchSize?: number;
  /** How long the oldest normal item waits behind urgent runs before its own run goes next; default 1,000. */
  normalMaxWaitMs?: number;
}

/** `urgent`: a caller waits on the answer to read; its items run before `normal` ones. */
export type BatchPriority = 'urgent' | 'normal';

interface PendingRequest<Result> {
  results: Result[];
  remaining: number;
  failed: boolean;
  resolve(results: Result[]): void;
  reject(error: unknown): void;
}

interface QueuedItem<Item, Result> {
  item: Item;
  position: number;
  request: PendingRequest<Result>;
  /** performance.now() when it was submitted. */
  queuedAt: number;
}

const DEFAULT_NORMAL_MAX_WAIT_MS = 1_000;

export class RequestBatcher<Item, Result> {
  private readonly queues: Record<BatchPriority, QueuedItem<Item, Result>[]> = { urgent: [], normal: [] };
  private readonly maxBatchSize: number;
  private readonly normalBatchSize: number;
  private readonly maxConcurrentRuns: number;
  private readonly lingerMs: number;
  private readonly normalMaxWaitMs: number;
  private runsInFlight = 0;
  /** The last run was of overdue normal items: the next goes to urgent ones if any wait. */
  private overdueRunLast = false;
  private pumpScheduled = false;
  private lingering?: NodeJS.Timeout;

  constructor(
    private readonly run: BatchRunner<Item, Result>,
    options: RequestBatcherOptions,
  ) {
    this.maxBatchSize = positiveInteger(options.maxBatchSize, 'maxBatchSize');
    this.normalBatchSize = positiveInteger(options.normalBatchSize ?? this.maxBatchSize, 'normalBatchSize');
    this.maxConcurrentRuns = positiveInteger(options.maxConcurrentRuns, 'maxConcurrentRuns');
    this.lingerMs = milliseconds(options.lingerMs ?? 0, 'lingerMs');
    this.normalMaxWaitMs = milliseconds(
      options.normalMaxWaitMs ?? DEFAULT_NORMAL_MAX_WAIT_MS,
      'normalMaxWaitMs',
    );
  }

  /** Items submitted and not yet handed to a run (for queue bounds and back-pressure). */
  get queuedItems(): number {
    return this.queues.urgent.length + this.queues.normal.length;
  }

  /** Queued items that run before an item of this priority: urgent ones for urgent, all for normal. */
  queuedAhead(priority: BatchPriority): number {
    return priority === 'urgent' ? this.queues.urgent.length : this.queuedItems;
  }

  submit(items: Item[], priority: BatchPriority = 'normal'): Promise<Result[]> {
    if (items.length === 0) return Promise.resolve([]);
    return new Promise<Result[]>((resolve, reject) => {
      const request: PendingRequest<Result> = {
        results: new Array<Result>(items.length),
        remaining: items.length,
        failed: false,
        resolve,
        reject,
      };
      const queuedAt = performance.now();
      const queue = this.queues[priority];
      items.forEach((item, position) => queue.push({ item, position, request, queuedAt }));
      this.schedulePump();
    });
  }

  /**
   * setImmediate, not a microtask: callers that start in the same tick (each after its own awaits)
   * have all queued their items by then, so they share the first run.
   */
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pump(lingered = false): void {
    while (this.runsInFlight < this.maxConcurrentRuns && this.queuedItems > 0) {
      if (this.shouldLinger(lingered)) {
        this.lingering ??= setTimeout(() => {
          this.lingering = undefined;
          this.pump(true);
        }, this.lingerMs);
        return;
      }
      lingered = false;
      if (this.lingering) {
        clearTimeout(this.lingering);
        this.lingering = undefined;
      }
      const batch = this.nextBatch();
      this.runsInFlight += 1;
      void this.runBatch(batch).finally(() => {
        this.runsInFlight -= 1;
        this.pump();
      });
    }
  }

  /** A single waiting item waits for company while another run is in flight, once per wait. */
  private shouldLinger(lingered: boolean): boolean {
    return this.lingerMs > 0 && !lingered && this.runsInFlight > 0 && this.queuedItems === 1;
  }

  /** Urgent items first; overdue normal items every other run; normal items when no urgent one waits. */
  private nextBatch(): QueuedItem<Item, Result>[] {
    const { urgent, normal } = this.queues;
    const overdue = normal.length > 0 && performance.now() - normal[0].queuedAt >= this.normalMaxWaitMs;
    const normalNext = urgent.length === 0 || (overdue && !this.overdueRunLast);
    this.overdueRunLast = normalNext && overdue && urgent.length > 0;
    return normalNext ? normal.splice(0, this.normalBatchSize) : urgent.splice(0, this.maxBatchSize);
  }

  private async runBatch(batch: QueuedItem<Item, Result>[]): Promise<void> {
    let results: Result[];
    try {
      results = await this.run(batch.map((queued) => queued.item));
      if (results.length !== batch.length) {
        throw new Error(`batch runner returned ${results.length} results for ${batch.length} items`);
      }
    } catch (error) {
      this.fail(batch, error);
      return;
    }
    batch.forEach((queued, index) => {
      const request = queued.request;
      if (request.failed) return;
      request.results[queued.position] = results[index];
      request.remaining -= 1;
      if (request.remaining === 0) request.resolve(request.results);
    });
  }

  private fail(batch: QueuedItem<Item, Result>[], error: unknown): void {
    const failed = new Set(batch.map((queued) => queued.request).filter((request) => !request.failed));
    for (const request of failed) {
      request.failed = true;
      request.reject(error);
    }
    for (const queue of Object.values(this.queues)) {
      for (let index = queue.length - 1; index >= 0; index -= 1) {
        if (queue[index].request.failed) queue.splice(index, 1);
      }
    }
  }
}

function milliseconds(value: number, name: string): number {
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative number of milliseconds, got ${value}`);
  }
  return value;
}
