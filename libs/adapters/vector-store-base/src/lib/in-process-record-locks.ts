/**
 * `RecordLocks` within one process: first come, first served turns per record, taken in id order so
 * that holders of overlapping sets never wait for each other in a circle. Enough where one process is
 * the only writer; a store shared by processes adds a lock they all see (`SqliteRecordLocks`).
 */
import { TurnsByKey, type Turn } from '@kioku/concurrency';
import type { RecordLocks } from './record-locks.port';

export class InProcessRecordLocks implements RecordLocks {
  private readonly turns = new TurnsByKey();

  async hold<T>(collection: string, ids: string[], work: () => Promise<T>): Promise<T> {
    const taken: Turn[] = [];
    try {
      for (const id of [...new Set(ids)].sort()) {
        const turn = this.turns.take(`${collection}\u0000${id}`);
        taken.push(turn);
        await turn.ready;
      }
      return await work();
    } finally {
      for (const turn of taken) turn.end();
    }
  }

  async close(): Promise<void> {}
}
