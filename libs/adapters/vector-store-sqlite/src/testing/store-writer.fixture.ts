/**
 * Run by a process test: one of several processes writing to one SQLite store at once (a gateway, a
 * worker and MCP servers on one data dir). Writes `batches` batches of ten records (`w<writer>-<batch>-<i>`)
 * and deletes every fifth batch's first record as it goes; with `batches` 0 it writes until killed.
 * Prints `ok <batches>` or the error code.
 */
import { SqliteVectorStore } from '../lib/store/sqlite-vector-store.adapter';

const BATCH = 10;

async function main(): Promise<void> {
  const [file, writer, count] = process.argv.slice(2);
  const store = new SqliteVectorStore(file);
  await store.ensureCollection('shared', { dimension: 8, lexical: true, indexedKeys: ['writer'] });
  const batches = Number(count) || Infinity;
  for (let b = 0; b < batches; b++) {
    await store.upsert(
      'shared',
      Array.from({ length: BATCH }, (_, i) => ({
        id: `w${writer}-${b}-${i}`,
        vector: Array.from({ length: 8 }, (_, d) => Math.sin((b + 1) * (i + 1) * (d + 1) + Number(writer))),
        metadata: { writer: Number(writer), batch: b },
        document: `lanterns from writer ${writer} batch ${b} item ${i}`,
      })),
    );
    if (b % 5 === 4) await store.delete('shared', [`w${writer}-${b}-0`]);
    if (!Number.isFinite(batches)) process.stdout.write(`batch ${b}\n`);
  }
  await store.close();
  process.stdout.write(`ok ${count}\n`);
}

main().catch((error: unknown) => {
  process.stdout.write(`error ${(error as { code?: string }).code ?? (error as Error).name}\n`);
  process.exitCode = 1;
});
