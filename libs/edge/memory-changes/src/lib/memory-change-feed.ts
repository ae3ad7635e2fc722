/**
 * The memory changes of one namespace, made by any process on the data dir, as they happen (from
 * the change journal): what an MCP session follows to tell its client that a resource changed.
 */
import type { ChangeJournal } from '@kioku/change-journal';
import { readMemoryChange, type MemoryChange } from './memory-change';

export class MemoryChangeFeed {
  constructor(private readonly journal: ChangeJournal) {}

  /** Hears the namespace's changes in batches from now on; returns the function that stops. */
  follow(namespace: string, hear: (changes: MemoryChange[]) => void): () => void {
    return this.journal.follow(namespace, (events) => {
      const changes = events.flatMap((event) => readMemoryChange(event) ?? []);
      if (changes.length > 0) hear(changes);
    });
  }
}
