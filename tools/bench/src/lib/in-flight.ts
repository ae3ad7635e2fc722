/**
 * Runs `task` over `items` in order, starting each as soon as fewer than `limit` are running; rejects
 * if any fails. An item is taken from the iterable only when it is started, so a generator can make
 * each one just in time instead of holding them all.
 */
export async function inFlight<T>(
  items: Iterable<T>,
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  const all: Promise<void>[] = [];
  const running = new Set<Promise<void>>();
  for (const item of items) {
    const started: Promise<void> = task(item).finally(() => running.delete(started));
    all.push(started);
    running.add(started);
    if (running.size >= limit) await Promise.race(running);
  }
  await Promise.all(all);
}
