/** The file journal in a temporary directory: appends heard by followers of another instance, history skipped, old minutes pruned. */
import { appendFileSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { removeDirectory, temporaryDirectory } from '@kioku/testing-fakes';
import type { JournalEvent } from './change-journal';
import { FileChangeJournal } from './file-change-journal';
import { InProcessChangeJournal } from './in-process-change-journal';

function collector() {
  const heard: JournalEvent[] = [];
  let wake: () => void = () => undefined;
  return {
    heard,
    hear: (events: JournalEvent[]) => {
      heard.push(...events);
      wake();
    },
    /** Resolves once `count` events have been heard in all. */
    until: (count: number) =>
      new Promise<void>((resolve) => {
        wake = () => heard.length >= count && resolve();
        wake();
      }),
  };
}

describe('FileChangeJournal', () => {
  let directory: string;
  beforeEach(async () => (directory = await temporaryDirectory('journal')));
  afterEach(() => removeDirectory(directory));

  it("hears what another journal on the same directory appends, in order, and not the topic's history", async () => {
    const writer = new FileChangeJournal(directory);
    await writer.append('team-a', { n: 0 });
    const reader = new FileChangeJournal(directory, { pollMs: 50 });
    const other = collector();
    const mine = collector();
    const stopOther = reader.follow('team-b', other.hear);
    const stop = reader.follow('team-a', mine.hear);
    for (let n = 1; n <= 5; n += 1) await writer.append('team-a', { n });
    await mine.until(5);
    expect(mine.heard).toEqual([1, 2, 3, 4, 5].map((n) => ({ n })));
    expect(other.heard).toEqual([]);
    stop();
    stopOther();
  });

  it('reads complete lines only, and skips a line a killed writer left broken', async () => {
    const reader = new FileChangeJournal(directory, { pollMs: 20 });
    const heard = collector();
    const stop = reader.follow('ns', heard.hear);
    const file = join(directory, 'ns', `${Math.floor(Date.now() / 60_000)}.jsonl`);
    appendFileSync(file, '{"n":1}\n{"n":');
    await heard.until(1);
    appendFileSync(file, '2}\nnot json\n{"n":3}\n');
    await heard.until(3);
    expect(heard.heard).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    stop();
  });

  it('stops hearing once stopped, and follows again from the end', async () => {
    const journal = new FileChangeJournal(directory, { pollMs: 20 });
    const first = collector();
    const stop = journal.follow('ns', first.hear);
    await journal.append('ns', { n: 1 });
    await first.until(1);
    stop();
    await journal.append('ns', { n: 2 });
    const second = collector();
    const stopSecond = journal.follow('ns', second.hear);
    await journal.append('ns', { n: 3 });
    await second.until(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(first.heard).toEqual([{ n: 1 }]);
    expect(second.heard).toEqual([{ n: 3 }]);
    stopSecond();
  });

  it('keeps its files private and deletes minutes older than the retention when it writes in a new one', async () => {
    let now = Date.parse('2026-11-21T09:00:30.000Z');
    const journal = new FileChangeJournal(directory, { retentionMs: 5 * 60_000, now: () => now });
    mkdirSync(join(directory, 'ns'), { recursive: true });
    const minute = Math.floor(now / 60_000);
    for (const old of [minute - 20, minute - 6, minute - 4])
      writeFileSync(join(directory, 'ns', `${old}.jsonl`), '');
    writeFileSync(join(directory, 'ns', 'notes.txt'), 'not ours');
    await journal.append('ns', { n: 1 });
    expect(readdirSync(join(directory, 'ns')).sort()).toEqual(
      [`${minute - 4}.jsonl`, `${minute}.jsonl`, 'notes.txt'].sort(),
    );
    expect(statSync(join(directory, 'ns', `${minute}.jsonl`)).mode & 0o777).toBe(0o600);
    await journal.append('fresh', { n: 1 });
    expect(statSync(join(directory, 'fresh')).mode & 0o777).toBe(0o700);
    now += 2 * 60_000;
    await journal.append('ns', { n: 2 });
    expect(readdirSync(join(directory, 'ns'))).not.toContain(`${minute - 4}.jsonl`);
  });

  it('refuses a topic that could leave its folder', async () => {
    const journal = new FileChangeJournal(directory);
    await expect(journal.append('../etc', { n: 1 })).rejects.toThrow(/Not a journal topic/);
    expect(() => journal.follow('a/b', () => undefined)).toThrow(/Not a journal topic/);
  });
});

describe('InProcessChangeJournal', () => {
  it("tells this process's followers of a topic, after the current turn", async () => {
    const journal = new InProcessChangeJournal();
    const heard = collector();
    const other = collector();
    const stop = journal.follow('ns', heard.hear);
    journal.follow('other', other.hear);
    await journal.append('ns', { n: 1 });
    expect(heard.heard).toEqual([]);
    await heard.until(1);
    stop();
    await journal.append('ns', { n: 2 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard.heard).toEqual([{ n: 1 }]);
    expect(other.heard).toEqual([]);
  });
});
