/**
 * The journal every kioku process on one data dir shares: files under one directory (0700, files
 * 0600). An append is one write of one short line to the current minute's file opened for appending,
 * so appends of several processes never interleave (O_APPEND on a local file system); a follower in
 * any process reads them (see TopicFollower). Each process deletes the files of minutes older than
 * the retention when it first writes in a new minute.
 */
import { mkdir, readdir, unlink, appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkTopic, type ChangeJournal, type JournalEvent } from './change-journal';
import { MINUTE_MS, minuteFile, minuteOf } from './journal-files';
import { TopicFollower, type Hearer } from './topic-follower';

export interface FileChangeJournalOptions {
  /** How often a follower looks for appends no file-system event announced (default 1 s). */
  pollMs?: number;
  /** How long a minute's file is kept (default 10 minutes): far longer than any follower lags. */
  retentionMs?: number;
  now?: () => number;
}

export class FileChangeJournal implements ChangeJournal {
  private readonly followers = new Map<string, TopicFollower>();
  private readonly made = new Set<string>();
  private readonly minuteWritten = new Map<string, number>();
  private readonly pollMs: number;
  private readonly retentionMs: number;
  private readonly now: () => number;

  constructor(
    private readonly directory: string,
    options: FileChangeJournalOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1_000;
    this.retentionMs = options.retentionMs ?? 10 * MINUTE_MS;
    this.now = options.now ?? Date.now;
  }

  async append(topic: string, event: JournalEvent): Promise<void> {
    const folder = join(this.directory, checkTopic(topic));
    if (!this.made.has(folder)) {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      this.made.add(folder);
    }
    const now = this.now();
    await appendFile(join(folder, minuteFile(now)), `${JSON.stringify(event)}\n`, { mode: 0o600 });
    const minute = Math.floor(now / MINUTE_MS);
    if (this.minuteWritten.get(folder) !== minute) {
      this.minuteWritten.set(folder, minute);
      await this.prune(folder, now);
    }
  }

  follow(topic: string, hear: Hearer): () => void {
    const folder = join(this.directory, checkTopic(topic));
    let follower = this.followers.get(folder);
    if (!follower) {
      follower = new TopicFollower(folder, this.pollMs);
      follower.start();
      this.followers.set(folder, follower);
    }
    const following = follower;
    following.hearers.add(hear);
    return () => {
      following.hearers.delete(hear);
      if (following.hearers.size > 0 || this.followers.get(folder) !== following) return;
      following.stop();
      this.followers.delete(folder);
    };
  }

  private async prune(folder: string, now: number): Promise<void> {
    const oldest = Math.floor((now - this.retentionMs) / MINUTE_MS);
    for (const name of await readdir(folder)) {
      const minute = minuteOf(name);
      // Another process may be pruning the same file: whoever unlinks it first wins.
      if (minute !== undefined && minute < oldest) await unlink(join(folder, name)).catch(() => undefined);
    }
  }
}
