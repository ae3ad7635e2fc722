/**
 * Group commit per key, within this process: work for a key that arrives while a group of that key
 * is running waits, and when that group ends everything that waited meanwhile runs next as one group,
 * in arrival order (as many as `fits` lets in; the rest form the groups after it). A key with nothing
 * running runs a submission at once, alone, so a lone caller never waits for company. Groups of one
 * key never overlap; keys never wait for each other.
 */
export interface GroupCommitOptions<T> {
  /** Runs one group; its members learn the outcome (a rejection rejects every member's `submit`). */
  run(key: string, group: T[]): Promise<void>;
  /** Whether `next` may join `group` (never asked for an empty group: a group holds one member at least). */
  fits(group: T[], next: T): boolean;
}

interface Waiting<T> {
  member: T;
  resolve(): void;
  reject(error: unknown): void;
}

export class GroupCommit<T> {
  /** Keys with a group running, and what waits for each. */
  private readonly lines = new Map<string, Waiting<T>[]>();

  constructor(private readonly options: GroupCommitOptions<T>) {}

  /** Resolves when the group `member` ran in has ended; rejects with that group's failure. */
  submit(key: string, member: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiting = { member, resolve, reject };
      const line = this.lines.get(key);
      if (line) {
        line.push(waiting);
        return;
      }
      this.lines.set(key, []);
      void this.runFrom(key, [waiting]);
    });
  }

  /** Keys with a group running (for tests and diagnostics). */
  get busyKeys(): number {
    return this.lines.size;
  }

  private async runFrom(key: string, first: Waiting<T>[]): Promise<void> {
    for (let group = first; group.length > 0; group = this.nextGroup(key)) {
      try {
        await this.options.run(
          key,
          group.map((w) => w.member),
        );
        for (const w of group) w.resolve();
      } catch (error) {
        for (const w of group) w.reject(error);
      }
    }
    this.lines.delete(key);
  }

  /** Takes the longest prefix of the key's waiting line that fits in one group. */
  private nextGroup(key: string): Waiting<T>[] {
    const line = this.lines.get(key)!;
    let size = 0;
    while (
      size < line.length &&
      (size === 0 ||
        this.options.fits(
          line.slice(0, size).map((w) => w.member),
          line[size].member,
        ))
    )
      size += 1;
    return line.splice(0, size);
  }
}
