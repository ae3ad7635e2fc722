/**
 * Small events that several processes append and follow: whatever one process appends to a topic,
 * every follower of that topic hears, in that process and in every other one sharing the journal.
 * Events are plain JSON objects; a journal carries notices of what changed, never content.
 */
export type JournalEvent = Record<string, unknown>;

export interface ChangeJournal {
  /** Appends one event to the topic. */
  append(topic: string, event: JournalEvent): Promise<void>;
  /**
   * Hears every event appended to the topic from now on, by any process, in batches (in the order
   * they were appended, per writer). Returns the function that stops following.
   */
  follow(topic: string, hear: (events: JournalEvent[]) => void): () => void;
}

/** Topics name directories: a namespace-like name, nothing that could leave the journal's folder. */
const TOPIC_PATTERN = /^[a-z0-9][a-z0-9_-]{0,62}$/;

export function checkTopic(topic: string): string {
  if (!TOPIC_PATTERN.test(topic)) throw new Error(`Not a journal topic: ${JSON.stringify(topic)}`);
  return topic;
}
