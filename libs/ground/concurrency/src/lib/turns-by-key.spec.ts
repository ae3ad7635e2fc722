import { TurnsByKey } from './turns-by-key';

/** Lets every settled promise run its callbacks. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('TurnsByKey', () => {
  it('starts turns of one key in the order they were taken, each after the one before ended', async () => {
    const turns = new TurnsByKey();
    const started: string[] = [];
    const first = turns.take('ns');
    const second = turns.take('ns');
    const third = turns.take('ns');
    void first.ready.then(() => started.push('first'));
    void second.ready.then(() => started.push('second'));
    void third.ready.then(() => started.push('third'));
    await settle();
    expect(started).toEqual(['first']);
    first.end();
    await settle();
    expect(started).toEqual(['first', 'second']);
    second.end();
    await settle();
    expect(started).toEqual(['first', 'second', 'third']);
  });

  it('never makes one key wait for another', async () => {
    const turns = new TurnsByKey();
    turns.take('a');
    let otherStarted = false;
    void turns.take('b').ready.then(() => (otherStarted = true));
    await settle();
    expect(otherStarted).toBe(true);
  });

  it('passes the turn on when a task fails, and gives back what a task returns', async () => {
    const turns = new TurnsByKey();
    const failing = turns.run('ns', () => Promise.reject(new Error('store down')));
    const next = turns.run('ns', () => Promise.resolve(42));
    await expect(failing).rejects.toThrow('store down');
    await expect(next).resolves.toBe(42);
  });

  it('runs no two tasks of a key at once', async () => {
    const turns = new TurnsByKey();
    let running = 0;
    let most = 0;
    const task = async () => {
      running += 1;
      most = Math.max(most, running);
      await settle();
      running -= 1;
    };
    await Promise.all(Array.from({ length: 5 }, () => turns.run('ns', task)));
    expect(most).toBe(1);
  });

  it('forgets a key once its last turn has ended, and ending twice changes nothing', async () => {
    const turns = new TurnsByKey();
    const turn = turns.take('ns');
    expect(turns.busyKeys).toBe(1);
    turn.end();
    turn.end();
    await settle();
    expect(turns.busyKeys).toBe(0);
  });
});
