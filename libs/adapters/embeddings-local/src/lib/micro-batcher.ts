/**
 * Coalesces concurrent requests into batches for one expensive batch operation (a model forward pass).
 *
 * Contract:
 * - `submit(items)` resolves with one result per item, in the same order.
 * - Items submitted in the same turn of the event loop share batches; one run sees at most
 *   `maxBatchSize` items; runs never overlap (the CPU backend gains nothing from parallel passes, and
 *   requests that arrive during a run join the next one instead of each paying a pass).
 * - A failed run rejects every request that had an item in it; their remaining items are dropped and
 *   later requests are unaffected.
 */
export type BatchRunner<Item, Result> = (items: Item[]) => Promise<Result[]>;

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

export class MicroBatcher<Item, Result> {
  private readonly queue: QueuedItem<Item, Result>[] = [];
  private draining = false;

  constructor(
    private readonly run: BatchRunner<Item, Result>,
    private readonly maxBatchSize: number,
  ) {
    if (!Number.isInteger(maxBatchSize) || maxBatchSize < 1) {
      throw new RangeError(`maxBatchSize must be a positive integer, got ${maxBatchSize}`);
    }
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
      if (!this.draining) {
        this.draining = true;
        // setImmediate, not a microtask: callers that start in the same tick (each after its own
        // awaits) have all queued their items by then, so they share the first pass.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatchSize);
        let results: Result[];
        try {
          results = await this.run(batch.map((queued) => queued.item));
          if (results.length !== batch.length) {
            throw new Error(`batch runner returned ${results.length} results for ${batch.length} items`);
          }
        } catch (error) {
          this.fail(batch, error);
          continue;
        }
        batch.forEach((queued, index) => {
          const request = queued.request;
          if (request.failed) return;
          request.results[queued.position] = results[index];
          request.remaining -= 1;
          if (request.remaining === 0) request.resolve(request.results);
        });
      }
    } finally {
      this.draining = false;
    }
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
