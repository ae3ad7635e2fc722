/**
 * Test fixture run as a separate Node process (`node --import tsx`): appends `count` events
 * `{ writer, n }` (n = 1..count, each padded to `padding` characters) to the topic of the journal in
 * `dir`, as fast as it can.
 */
import { FileChangeJournal } from '../file-change-journal';

async function main(): Promise<void> {
  const [dir, topic, writer, count, padding] = process.argv.slice(2);
  const journal = new FileChangeJournal(dir);
  const pad = 'x'.repeat(Number(padding));
  for (let n = 1; n <= Number(count); n += 1) await journal.append(topic, { writer, n, pad });
}

void main();
