/**
 * `kioku migrate`: moves a data dir's memories from the managed Chroma store (the embedded default of
 * earlier kiokus, `<dataDir>/chroma/`) into the in-process store of the same data dir. Every namespace
 * goes through the kioku export format with its vectors and private memories (docs/export-format.md):
 * memories, links, episodes, trash and settings, ids and vectors as they are. The counts written are
 * checked against the counts read before the old store is marked migrated; its files stay (remove
 * `chroma/` and `lexical-index.sqlite` once satisfied). Running it again changes nothing and finishes
 * an interrupted run. The export passes through a 0600 file in the data dir, removed at the end.
 */
import 'reflect-metadata';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { loadConfig, loadConfigWith, type KiokuConfig } from '@kioku/config';
import { createAppContainer, hasUnmigratedChromaStore, markChromaStoreMigrated } from '@kioku/composition';
import { AppError, toAppError } from '@kioku/kernel';
import { NamespaceDirectory } from '@kioku/namespace-storage';
import {
  ImportNamespaceUseCase,
  RECORD_KINDS,
  fileImportSource,
  type ExportSummary,
  type ImportReport,
} from '@kioku/portability';
import { exportNamespaces } from './cli/export-namespaces';
import { ProgressReporter } from './cli/progress-reporter';

async function main(): Promise<void> {
  parseArgs({ options: {}, strict: true });
  const config = loadConfig();
  if (config.vectorStore.kind !== 'sqlite') {
    throw new AppError(
      'CONFIG_INVALID',
      'kioku migrate moves the managed Chroma store into the in-process store: run it without KIOKU_VECTOR_STORE.',
    );
  }
  if (!hasUnmigratedChromaStore(config.dataDir)) {
    process.stdout.write(
      `Nothing to migrate: ${config.dataDir} holds no Chroma store that was not moved yet.\n`,
    );
    return;
  }
  const file = join(config.dataDir, `migrate-${process.pid}.jsonl`);
  try {
    const exported = await exportChroma(file);
    const report = await importInto(config, file);
    const counts = checkCounts(exported, report);
    markChromaStoreMigrated(config.dataDir, { namespaces: counts });
    for (const [namespace, c] of Object.entries(counts)) {
      process.stdout.write(
        `Migrated namespace "${namespace}": ${c.memory} memories, ${c.link} links, ${c.episode} episodes, ` +
          `${c.trash} trash entries, ${c.setting} settings.\n`,
      );
    }
    process.stdout.write(
      `The memories are now in ${join(config.dataDir, 'store.sqlite')}. The old store's files stay in ` +
        `${join(config.dataDir, 'chroma')} and ${join(config.dataDir, 'lexical-index.sqlite')}: remove them once satisfied.\n`,
    );
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * Every namespace of the managed Chroma store, with vectors and private memories, into `file`. Its
 * server runs for the length of the export: in its own network namespace where Linux allows one, else
 * (macOS, Windows) on a loopback port, as it did whenever an earlier kioku ran.
 */
async function exportChroma(file: string): Promise<ExportSummary[]> {
  const config = loadConfigWith({
    KIOKU_VECTOR_STORE: 'chroma-embedded',
    KIOKU_CHROMA_ALLOW_UNPROTECTED_PORT: 'true',
  });
  const app = await createAppContainer(config, {
    appName: 'migrate',
    openNamespace: false,
    prepareEmbeddings: false,
  });
  try {
    const namespaces = await app.container.get(NamespaceDirectory).list();
    const out = (await open(file, 'wx', 0o600)).createWriteStream();
    const summaries = await exportNamespaces(app.container, namespaces, out, {
      includePrivate: true,
      withVectors: true,
      label: 'migrate: read',
    });
    out.end();
    await finished(out);
    return summaries;
  } finally {
    await app.close();
  }
}

async function importInto(config: KiokuConfig, file: string): Promise<ImportReport> {
  const app = await createAppContainer(config, {
    appName: 'migrate',
    openNamespace: false,
    prepareEmbeddings: false,
    beforeMigration: true,
  });
  try {
    const progress = new ProgressReporter('migrate: write');
    const report = await app.container.get(ImportNamespaceUseCase).execute({
      source: fileImportSource(file),
      onProgress: (p) => progress.update(`${p.namespace} ${p.phase}`, p.done, p.total),
    });
    progress.finish();
    return report;
  } finally {
    await app.close();
  }
}

/** What each namespace holds now, once every record read is there (new, or there from an earlier run). */
function checkCounts(
  exported: ExportSummary[],
  report: ImportReport,
): Record<string, ExportSummary['counts']> {
  const counts: Record<string, ExportSummary['counts']> = {};
  for (const summary of exported) {
    const imported = report.namespaces.find((n) => n.namespace === summary.namespace);
    for (const kind of RECORD_KINDS) {
      const outcome = imported?.outcomes[kind];
      const landed = outcome ? outcome.created + outcome.unchanged : 0;
      if (landed !== summary.counts[kind]) {
        throw new AppError(
          'INTERNAL',
          `Namespace "${summary.namespace}": ${summary.counts[kind]} ${kind} records read, ${landed} written. ` +
            'The old store is not marked migrated; run kioku migrate again.',
        );
      }
    }
    counts[summary.namespace] = summary.counts;
  }
  return counts;
}

main().catch((error: unknown) => {
  const appError = toAppError(error);
  process.stderr.write(`\nkioku migrate: ${appError.code}: ${appError.message}\n`);
  process.exit(appError.code === 'CONFIG_INVALID' ? 2 : 1);
});
