/**
 * `kioku reembed [--namespace <ns>] [--batch <n>]`: re-embeds a namespace with the configured
 * embedding model (after switching KIOKU_EMBEDDINGS / KIOKU_OLLAMA_MODEL), showing progress on
 * stderr. Interrupt it at any time and run it again: it resumes. Stop other kioku processes on the
 * namespace first.
 */
import 'reflect-metadata';
import { loadConfig } from '@kioku/config';
import { createAppContainer } from '@kioku/composition';
import { AppError, toAppError } from '@kioku/kernel';
import { ReembedUseCase, type ReembedProgress } from '@kioku/memory';
import { join } from 'node:path';
import { jobLockPath, tryJobLock } from './jobs/job-lock';

function flag(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const config = loadConfig();
  const namespace = flag(args, '--namespace') ?? config.namespace;
  const batch = flag(args, '--batch');
  const batchSize = batch === undefined ? 32 : Number(batch);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 512) {
    throw AppError.invalidInput('--batch must be a whole number from 1 to 512.');
  }
  // The worker's lock for the same job and namespace: `kioku reembed` and `worker --once reembed` never overlap.
  const release = await tryJobLock(jobLockPath(join(config.dataDir, 'worker-locks'), 'reembed', namespace));
  if (!release)
    throw new AppError('CONFLICT', `A re-embedding of namespace "${namespace}" is already running.`);
  const app = await createAppContainer(config, { appName: 'reembed', openNamespace: false });
  try {
    const onProgress = (p: ReembedProgress) =>
      process.stderr.write(`\rreembed ${namespace}: ${p.phase} ${p.done}/${p.total}   `);
    const result = await app.container.get(ReembedUseCase).execute({ namespace, batchSize, onProgress });
    process.stderr.write('\n');
    process.stdout.write(
      result.status === 'up_to_date'
        ? `Namespace "${namespace}" already uses ${result.toModel}: nothing to do.\n`
        : `Re-embedded namespace "${namespace}" from ${result.fromModel} to ${result.toModel}: ` +
            `${result.total} memories, ${result.reembeddedByCollection.trash ?? 0} trash entries` +
            (result.resumed ? ' (resumed)' : '') +
            (result.removedStale > 0 ? `, ${result.removedStale} deleted meanwhile` : '') +
            '.\n',
    );
  } finally {
    await app.close();
    release();
  }
}

main().catch((error: unknown) => {
  const appError = toAppError(error);
  process.stderr.write(`\nkioku reembed: ${appError.code}: ${appError.message}\n`);
  process.exit(appError.code === 'CONFIG_INVALID' ? 2 : 1);
});
