/** The batcher alone, with a recording runner: order, batch sizes, coalescing, failure isolation. */
import { MicroBatcher } from './micro-batcher';

function recordingRunner(fail?: (items: string[]) => boolean) {
  const batches: string[][] = [];
  const run = async (items: string[]) => {
    batches.push(items);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (fail?.(items)) throw new Error('pass failed');
    return items.map((item) => item.toUpperCase());
  };
  return { batches, run };
}

describe('MicroBatcher', () => {
  it('returns results in order and never exceeds the batch size', async () => {
    const { batches, run } = recordingRunner();
    const batcher = new MicroBatcher(run, 3);
    await expect(batcher.submit(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).resolves.toEqual([
      'A',
      'B',
      'C',
      'D',
      'E',
      'F',
      'G',
    ]);
    expect(batches.map((batch) => batch.length)).toEqual([3, 3, 1]);
  });

  it('coalesces requests from the same tick and lets later ones join the next pass', async () => {
    const { batches, run } = recordingRunner();
    const batcher = new MicroBatcher(run, 32);
    const first = Promise.all(['a', 'b', 'c'].map((item) => batcher.submit([item])));
    await new Promise((resolve) => setImmediate(resolve));
    const late = Promise.all(['d', 'e'].map((item) => batcher.submit([item])));
    expect(await first).toEqual([['A'], ['B'], ['C']]);
    expect(await late).toEqual([['D'], ['E']]);
    expect(batches).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
  });

  it('rejects only the requests of a failed pass and drops their remaining items', async () => {
    const { batches, run } = recordingRunner((items) => items.includes('bad'));
    const batcher = new MicroBatcher(run, 2);
    const failing = batcher.submit(['x', 'bad', 'y']);
    const healthy = batcher.submit(['z']);
    await expect(failing).rejects.toThrow('pass failed');
    await expect(healthy).resolves.toEqual(['Z']);
    expect(batches).toEqual([['x', 'bad'], ['z']]);
  });

  it('resolves an empty request immediately and refuses a non-positive batch size', async () => {
    const { batches, run } = recordingRunner();
    await expect(new MicroBatcher(run, 1).submit([])).resolves.toEqual([]);
    expect(batches).toEqual([]);
    expect(() => new MicroBatcher(run, 0)).toThrow(RangeError);
  });
});
