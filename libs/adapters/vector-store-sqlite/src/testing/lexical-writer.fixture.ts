/**
 * Run by a process test: one of several processes writing to one SQLite lexical index file at once,
 * as gateway replicas on one data dir do. Each write transaction reads before it writes, which is
 * what made a deferred transaction fail with SQLITE_BUSY(_SNAPSHOT) when another process committed.
 * Prints `ok <writes>` or the error code.
 */
import { SqliteLexicalIndex } from '../lib/side-indexes/sqlite-lexical-index';

async function main(): Promise<void> {
  const [file, writer, count] = process.argv.slice(2);
  const index = new SqliteLexicalIndex(file);
  await index.open('shared');
  for (let i = 0; i < Number(count); i++) {
    const id = `w${writer}-${i}`;
    await index.upsert('shared', [
      { id, document: `note ${i} from writer ${writer} about lanterns`, metadata: { i } },
    ]);
    await index.patchMetadata('shared', [{ id, metadata: { seen: true } }]);
    if (i % 5 === 4) await index.delete('shared', [`w${writer}-${i - 4}`]);
  }
  await index.close();
  process.stdout.write(`ok ${count}\n`);
}

main().catch((error: unknown) => {
  process.stdout.write(`error ${(error as { code?: string }).code ?? (error as Error).name}\n`);
  process.exitCode = 1;
});
