/**
 * Where the time of a use case goes: wraps chosen async methods of live objects (the store, the
 * embedder) so that, while recording, each call's duration is added to its operation's total.
 * Calls that run in parallel are each counted in full, so totals can exceed the wall time.
 */
export interface OperationTotal {
  operation: string;
  calls: number;
  totalMs: number;
}

type AsyncMethod = (...args: unknown[]) => Promise<unknown>;

/** Names a finer operation from a call's arguments (e.g. which collection), or undefined for none. */
export type OperationQualifier = (args: unknown[]) => string | undefined;

export class OperationProfiler {
  private readonly totals = new Map<string, OperationTotal>();
  private recording = false;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Replaces `methods` of `target` with timed wrappers named `<label>.<method>` or `<label>.<method>[<qualifier>]`. */
  instrument<T extends object>(
    target: T,
    label: string,
    methods: readonly (keyof T & string)[],
    qualify?: OperationQualifier,
  ): void {
    for (const method of methods) {
      const original = target[method];
      if (typeof original !== 'function') throw new TypeError(`${label}.${method} is not a method`);
      const bound = (original as AsyncMethod).bind(target);
      const operation = `${label}.${method}`;
      const wrapped: AsyncMethod = async (...args) => {
        if (!this.recording) return bound(...args);
        const qualifier = qualify?.(args);
        const started = this.now();
        try {
          return await bound(...args);
        } finally {
          this.add(qualifier === undefined ? operation : `${operation}[${qualifier}]`, this.now() - started);
        }
      };
      Object.defineProperty(target, method, { value: wrapped, configurable: true, writable: true });
    }
  }

  start(): void {
    this.totals.clear();
    this.recording = true;
  }

  /** Stops recording and returns the totals since `start`, largest first. */
  stop(): OperationTotal[] {
    this.recording = false;
    return [...this.totals.values()].sort((a, b) => b.totalMs - a.totalMs);
  }

  private add(operation: string, ms: number): void {
    const total = this.totals.get(operation) ?? { operation, calls: 0, totalMs: 0 };
    total.calls += 1;
    total.totalMs += ms;
    this.totals.set(operation, total);
  }
}

/** Adds `totals` into `into` by operation, keeping `into` sorted by total time, largest first. */
export function mergeTotals(into: OperationTotal[], totals: OperationTotal[]): void {
  for (const total of totals) {
    const existing = into.find((t) => t.operation === total.operation);
    if (existing) {
      existing.calls += total.calls;
      existing.totalMs += total.totalMs;
    } else {
      into.push({ ...total });
    }
  }
  into.sort((a, b) => b.totalMs - a.totalMs);
}
