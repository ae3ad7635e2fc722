/**
 * The journal of a process that shares nothing with others (the in-process store): events go to
 * this process's followers only, after the current turn, as the file journal's do.
 */
import { checkTopic, type ChangeJournal, type JournalEvent } from './change-journal';

export class InProcessChangeJournal implements ChangeJournal {
  private readonly followers = new Map<string, Set<(events: JournalEvent[]) => void>>();

  async append(topic: string, event: JournalEvent): Promise<void> {
    const hearers = [...(this.followers.get(checkTopic(topic)) ?? [])];
    setImmediate(() => hearers.forEach((hear) => hear([event])));
  }

  follow(topic: string, hear: (events: JournalEvent[]) => void): () => void {
    const hearers = this.followers.get(checkTopic(topic)) ?? new Set();
    this.followers.set(topic, hearers.add(hear));
    return () => {
      hearers.delete(hear);
      if (hearers.size === 0) this.followers.delete(topic);
    };
  }
}
