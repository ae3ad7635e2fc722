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
}

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
}

export class RequestBatcher<Item, Result> {
  private readonly queue: QueuedItem<Item, Result>[] = [];
  private readonly maxBatchSize: number;
  private readonly maxConcurrentRuns: number;
  private readonly lingerMs: number;
  private runsInFlight = 0;
  private pumpScheduled = false;
  private lingering?: NodeJS.Timeout;

  constructor(
    private readonly run: BatchRunner<Item, Result>,
    options: RequestBatcherOptions,
  ) {
    this.maxBatchSize = positiveInteger(options.maxBatchSize, 'maxBatchSize');
    this.maxConcurrentRuns = positiveInteger(options.maxConcurrentRuns, 'maxConcurrentRuns');
    this.lingerMs = options.lingerMs ?? 0;
    if (!Number.isFinite(this.lingerMs) || this.lingerMs < 0) {
      throw new RangeError(`lingerMs must be a non-negative number of milliseconds, got ${options.lingerMs}`);
    }
  }

  /** Items submitted and not yet handed to a run (for queue bounds and back-pressure). */
  get queuedItems(): number {
    return this.queue.length;
  }

  submit(items: Item[]): Promise<Result[]> {
    if (items.length === 0) return Promise.resolve([]);
    return new Promise<Result[]>((resolve, reject) => {
      const request: PendingRequest<Result> = {
        results: new Array<Result>(items.length),
        remaining: items.length,
        failed: false,
        resolve,
        reject,
      };
      items.forEach((item, position) => this.queue.push({ item, position, request }));
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
    while (this.runsInFlight < this.maxConcurrentRuns && this.queue.length > 0) {
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
      const batch = this.queue.splice(0, this.maxBatchSize);
      this.runsInFlight += 1;
      void this.runBatch(batch).finally(() => {
        this.runsInFlight -= 1;
        this.pump();
      });
    }
  }

  /** A single waiting item waits for company while another run is in flight, once per wait. */
  private shouldLinger(lingered: boolean): boolean {
    return this.lingerMs > 0 && !lingered && this.runsInFlight > 0 && this.queue.length === 1;
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
    for (let index = this.queue.length - 1; index >= 0; index -= 1) {
      if (this.queue[index].request.failed) this.queue.splice(index, 1);
    }
  }
}
