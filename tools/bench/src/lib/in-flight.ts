/** Runs `task` over `items` in order, starting each as soon as fewer than `limit` are running; rejects if any fails. */
export async function inFlight<T>(
  items: readonly T[],
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
