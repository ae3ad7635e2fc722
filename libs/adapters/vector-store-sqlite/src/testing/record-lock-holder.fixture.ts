/**
 * Run by a process test: one of several processes taking record turns in one index file.
 * `increment <file> <counter> <count>`: `count` times, holding the turn of record `x`, reads the counter
 * file, pauses, writes it plus one (without the turns, processes overwrite each other's increments);
 * prints `ok <count>`. `hold <file>`: takes the turn of `x`, prints `holding`, and waits to be killed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { delay } from '@kioku/kernel';
import { SqliteRecordLocks } from '../lib/side-indexes/sqlite-record-locks';

async function main(): Promise<void> {
  const [mode, file, counter, count] = process.argv.slice(2);
  const locks = new SqliteRecordLocks(file);
  if (mode === 'hold') {
    await locks.hold('c', ['x'], async () => {
      process.stdout.write('holding\n');
      // An interval keeps the process up (the lease's renewal does not) until it is killed.
      await new Promise(() => setInterval(() => undefined, 1000));
    });
    return;
  }
  for (let i = 0; i < Number(count); i++) {
    await locks.hold('c', ['x', `own-${process.pid}`], async () => {
      const n = Number(readFileSync(counter, 'utf8'));
      await delay(2);
      writeFileSync(counter, String(n + 1));
    });
  }
  await locks.close();
  process.stdout.write(`ok ${count}\n`);
}

main().catch((error: unknown) => {
  process.stdout.write(`error ${(error as Error).message}\n`);
  process.exitCode = 1;
});
