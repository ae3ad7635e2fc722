/**
 * `kioku export [--namespace NS | --all] [--with-vectors] [--include-private] [--output FILE]`:
 * writes a namespace (default: the configured one) in the kioku export format (docs/export-format.md)
 * to stdout or to a file (created 0600, written under a temporary name and renamed at the end, so a
 * cut-off export never looks complete). Progress goes to stderr. Private memories only with
 * --include-private. Other kioku processes may keep running (each record is read as it is).
 */
import 'reflect-metadata';
import { open, rename, rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '@kioku/config';
import { createAppContainer } from '@kioku/composition';
import { AppError, toAppError } from '@kioku/kernel';
import { NamespaceDirectory } from '@kioku/namespace-storage';
import { namespaceOption, writableFile } from './cli/cli-checks';
import { exportNamespaces } from './cli/export-namespaces';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      namespace: { type: 'string' },
      all: { type: 'boolean', default: false },
      'with-vectors': { type: 'boolean', default: false },
      'include-private': { type: 'boolean', default: false },
      output: { type: 'string', short: 'o' },
    },
    strict: true,
  });
  if (values.all && values.namespace) throw AppError.invalidInput('Give --namespace or --all, not both.');
  const named = namespaceOption(values.namespace);
  if (values.output !== undefined) await writableFile(values.output, '--output');
  const config = loadConfig();
  // Exporting never embeds: the local model's identity is known without loading it.
  const app = await createAppContainer(config, {
    appName: 'export',
    openNamespace: false,
    prepareEmbeddings: config.embeddings.kind !== 'local',
  });
  const partial = values.output ? `${values.output}.partial-${process.pid}` : undefined;
  try {
    const stored = await app.container.get(NamespaceDirectory).list();
    // A namespace asked for by name must exist (a typo is not an empty export); the configured one
    // exports empty on a fresh store.
    if (named !== undefined && !stored.includes(named))
      throw AppError.invalidInput(
        '--namespace: this store holds no such namespace (`kioku export --all` exports every one).',
      );
    const namespaces = values.all ? stored : [named ?? config.namespace];
    const out = partial ? (await open(partial, 'wx', 0o600)).createWriteStream() : process.stdout;
    const summaries = await exportNamespaces(app.container, namespaces, out, {
      includePrivate: values['include-private'],
      withVectors: values['with-vectors'],
      label: 'export',
    });
    if (partial && values.output) {
      out.end();
      await finished(out);
      await rename(partial, values.output);
    }
    for (const s of summaries) {
      const c = s.counts;
      process.stderr.write(
        `Exported namespace "${s.namespace}": ${c.memory} memories, ${c.link} links, ${c.episode} episodes, ` +
          `${c.trash} trash entries, ${c.setting} settings` +
          (s.privateOmitted > 0
            ? ` (${s.privateOmitted} private memories left out; --include-private adds them)`
            : '') +
          '.\n',
      );
    }
  } catch (error) {
    if (partial) await rm(partial, { force: true });
    throw error;
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  const appError = toAppError(error);
  process.stderr.write(`\nkioku export: ${appError.code}: ${appError.message}\n`);
  process.exit(appError.code === 'CONFIG_INVALID' ? 2 : 1);
});
