import { inFlight } from './in-flight';

describe('inFlight', () => {
  it('starts the items in order and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await inFlight([1, 2, 3, 4, 5], 2, async (item) => {
      started.push(item);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, item % 2 ? 5 : 1));
      running -= 1;
    });
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(running).toBe(0);
  });

  it('takes each item from the iterable only when a place is free for it', async () => {
    const events: string[] = [];
    function* items() {
      for (let item = 1; item <= 3; item++) {
        events.push(`made ${item}`);
        yield item;
      }
    }
    await inFlight(items(), 1, async (item) => {
      events.push(`started ${item}`);
      await new Promise((resolve) => setTimeout(resolve, 1));
      events.push(`finished ${item}`);
    });
    expect(events).toEqual([
      'made 1',
      'started 1',
      'finished 1',
      'made 2',
      'started 2',
      'finished 2',
      'made 3',
      'started 3',
      'finished 3',
    ]);
  });

  it('rejects with the failure of an item', async () => {
    await expect(
      inFlight([1, 2], 2, (item) => (item === 2 ? Promise.reject(new Error('down')) : Promise.resolve())),
    ).rejects.toThrow('down');
  });
});
