/**
 * Follows one topic's directory for the journal: wakes on a file-system event (fs.watch) and, as a
 * safety net where those are missed (network file systems), every `pollMs`; reads each file from
 * where it stopped, complete lines only (a line still being written is read next time), and tells
 * every hearer the events found, once. It starts from the files' current ends: history is not replayed.
 */
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  statSync,
  watch,
  type FSWatcher,
} from 'node:fs';
import { join } from 'node:path';
import type { JournalEvent } from './change-journal';
import { journalFiles } from './journal-files';

export type Hearer = (events: JournalEvent[]) => void;

export class TopicFollower {
  readonly hearers = new Set<Hearer>();
  private readonly offsets = new Map<string, number>();
  private watcher: FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;
  private reading = false;
  private wokenWhileReading = false;

  constructor(
    private readonly directory: string,
    private readonly pollMs: number,
  ) {}

  start(): void {
    mkdirSync(this.directory, { recursive: true, mode: 0o700 });
    for (const name of journalFiles(readdirSync(this.directory)))
      this.offsets.set(name, statSync(join(this.directory, name)).size);
    try {
      this.watcher = watch(this.directory, () => this.wake());
      this.watcher.on('error', () => this.watcher?.close());
      this.watcher.unref();
    } catch {
      // No file-system events here: the poll alone finds the appends.
    }
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
  }

  stop(): void {
    this.watcher?.close();
    clearInterval(this.timer);
  }

  /**
   * Reads what was appended since the last read, then tells the hearers (once more if a hearer woke it
   * meanwhile). Synchronous, as the store's own reads of the data dir are: it runs once per change (a
   * remember under load is one every few ms), and its few small reads cost the event loop ~0.6 ms
   * through the thread pool's callbacks and promises (~0.16 ms so), far more than the reads themselves.
   */
  wake(): void {
    if (this.reading) {
      this.wokenWhileReading = true;
      return;
    }
    this.reading = true;
    try {
      do {
        this.wokenWhileReading = false;
        this.readAppended();
      } while (this.wokenWhileReading);
    } catch {
      // a directory gone or unreadable for a moment: the next wake retries
    } finally {
      this.reading = false;
    }
  }

  private readAppended(): void {
    const names = journalFiles(readdirSync(this.directory));
    const events: JournalEvent[] = [];
    for (const name of names) events.push(...this.readFrom(name));
    for (const known of [...this.offsets.keys()]) if (!names.includes(known)) this.offsets.delete(known);
    if (events.length === 0) return;
    for (const hear of [...this.hearers]) {
      try {
        hear(events);
      } catch {
        // One hearer's failure is its own; the others still hear.
      }
    }
  }

  private readFrom(name: string): JournalEvent[] {
    const from = this.offsets.get(name) ?? 0;
    let file: number;
    try {
      file = openSync(join(this.directory, name), 'r');
    } catch {
      return []; // pruned since the directory was listed
    }
    try {
      const { size } = fstatSync(file);
      if (size <= from) return [];
      const bytes = Buffer.alloc(size - from);
      const bytesRead = readSync(file, bytes, 0, bytes.length, from);
      const complete = bytes.subarray(0, bytesRead).lastIndexOf(0x0a) + 1;
      this.offsets.set(name, from + complete);
      return parseLines(bytes.subarray(0, complete).toString('utf8'));
    } finally {
      closeSync(file);
    }
  }
}

/** The events of complete lines; a line that is not a JSON object (a writer killed mid-line) is skipped. */
function parseLines(text: string): JournalEvent[] {
  const events: JournalEvent[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    try {
      const value: unknown = JSON.parse(line);
      if (value && typeof value === 'object' && !Array.isArray(value)) events.push(value as JournalEvent);
    } catch {
      // skipped
    }
  }
  return events;
}
