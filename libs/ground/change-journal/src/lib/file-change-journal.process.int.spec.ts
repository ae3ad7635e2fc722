/**
 * The file journal across processes: writers in four Node processes append to one topic at once; a
 * follower in this process hears every event exactly once, each writer's in order, none torn.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { removeDirectory, temporaryDirectory } from '@kioku/testing-fakes';
import type { JournalEvent } from './change-journal';
import { FileChangeJournal } from './file-change-journal';

const FIXTURE = join(__dirname, 'testing', 'journal-writer.fixture.ts');
const WRITERS = 4;
const EACH = 300;

function write(dir: string, writer: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', FIXTURE, dir, 'ns', writer, String(EACH), '300'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`writer ${writer}: exit ${code}`)),
    ),
  );
}

describe('FileChangeJournal across processes', () => {
  it('gives a follower every event of concurrent writers once, in each writer’s order', async () => {
    const dir = await temporaryDirectory('journal-processes');
    const heard: JournalEvent[] = [];
    const stop = new FileChangeJournal(dir, { pollMs: 100 }).follow('ns', (events) => heard.push(...events));
    try {
      await Promise.all(Array.from({ length: WRITERS }, (_, i) => write(dir, `w${i}`)));
      const deadline = Date.now() + 10_000;
      while (heard.length < WRITERS * EACH && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard).toHaveLength(WRITERS * EACH);
      for (let i = 0; i < WRITERS; i += 1) {
        const mine = heard.filter((event) => event.writer === `w${i}`);
        expect(mine.map((event) => event.n)).toEqual(Array.from({ length: EACH }, (_, n) => n + 1));
        expect(mine.every((event) => event.pad === 'x'.repeat(300))).toBe(true);
      }
    } finally {
      stop();
      await removeDirectory(dir);
    }
  }, 60_000);
});
