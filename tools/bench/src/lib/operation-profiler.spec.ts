import { OperationProfiler } from './operation-profiler';

class Store {
  readonly name = 'store';
  async query(value: number): Promise<number> {
    return value * 2;
  }
  async fail(): Promise<void> {
    throw new Error('boom');
  }
}

function fakeClock() {
  let t = 0;
  return () => (t += 5);
}

describe('OperationProfiler', () => {
  it('counts calls made while recording, and only those', async () => {
    const profiler = new OperationProfiler(fakeClock());
    const store = new Store();
    profiler.instrument(store, 'store', ['query']);
    await store.query(1);
    profiler.start();
    await store.query(2);
    await store.query(3);
    const totals = profiler.stop();
    await store.query(4);
    expect(totals).toEqual([{ operation: 'store.query', calls: 2, totalMs: 10 }]);
  });

  it('keeps results, errors and `this` of the wrapped methods', async () => {
    const profiler = new OperationProfiler(fakeClock());
    const store = new Store();
    profiler.instrument(store, 'store', ['query', 'fail']);
    profiler.start();
    await expect(store.query(21)).resolves.toBe(42);
    await expect(store.fail()).rejects.toThrow('boom');
    expect(
      profiler
        .stop()
        .map((t) => t.operation)
        .sort(),
    ).toEqual(['store.fail', 'store.query']);
  });

  it('starts every recording from zero', async () => {
    const profiler = new OperationProfiler(fakeClock());
    const store = new Store();
    profiler.instrument(store, 'store', ['query']);
    profiler.start();
    await store.query(1);
    profiler.stop();
    profiler.start();
    expect(profiler.stop()).toEqual([]);
  });

  it('splits an operation by the qualifier of its arguments', async () => {
    const profiler = new OperationProfiler(fakeClock());
    const store = new Store();
    profiler.instrument(store, 'store', ['query'], ([value]) => (value === 1 ? 'one' : undefined));
    profiler.start();
    await store.query(1);
    await store.query(2);
    expect(
      profiler
        .stop()
        .map((t) => t.operation)
        .sort(),
    ).toEqual(['store.query', 'store.query[one]']);
  });

  it('refuses to wrap something that is not a method', () => {
    expect(() => new OperationProfiler().instrument(new Store(), 'store', ['name'])).toThrow(TypeError);
  });
});
