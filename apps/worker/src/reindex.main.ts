/**
 * `kioku reindex [--namespace <ns>] [--rebuild]`: brings a namespace's lexical index in line with its
 * memories — by default what is missing or left over (the integrity job does the same on its
 * schedule), with `--rebuild` every memory. Progress goes to stderr. Every step is idempotent: an
 * interrupted run is finished by running it again, and two runs at once do no harm, so it takes no
 * lock. Other kioku processes may keep running.
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { loadConfig } from '@kioku/config';
import { createAppContainer } from '@kioku/composition';
import { toAppError } from '@kioku/kernel';
import { MemoryRepository } from '@kioku/memory';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { namespace: { type: 'string' }, rebuild: { type: 'boolean', default: false } },
    strict: true,
  });
  const config = loadConfig();
  const namespace = values.namespace ?? config.namespace;
  const app = await createAppContainer(config, {
    appName: 'reindex',
    openNamespace: false,
    prepareEmbeddings: false,
  });
  try {
    const memories = app.container.get(MemoryRepository);
    const total = await memories.count(namespace);
    const mode = values.rebuild ? 'rebuild' : 'repair';
    let lastLine = 0;
    const onProgress = (seen: number) => {
      if (process.stderr.isTTY) {
        process.stderr.write(`\rreindex ${namespace}: ${seen}/${total} memories checked   `);
      } else if (Date.now() - lastLine > 5_000 || seen >= total) {
        lastLine = Date.now();
        process.stderr.write(`reindex ${namespace}: ${seen}/${total} memories checked\n`);
      }
    };
    const report = await memories.reindexText(namespace, mode, onProgress);
    if (process.stderr.isTTY) process.stderr.write('\n');
    process.stdout.write(
      `Lexical index of namespace "${namespace}" ${mode === 'rebuild' ? 'rebuilt' : 'repaired'}: ` +
        `${report.indexed} memories indexed, ${report.removed} stale entries removed.\n`,
    );
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  const appError = toAppError(error);
  process.stderr.write(`\nkioku reindex: ${appError.code}: ${appError.message}\n`);
  process.exit(appError.code === 'CONFIG_INVALID' ? 2 : 1);
});
