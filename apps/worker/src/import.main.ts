/**
 * `kioku import FILE|- [--namespace NS] [--dry-run] [--overwrite] [--skip-duplicates]`: reads a kioku
 * export (docs/export-format.md) into the configured namespace (or --namespace; a file of several
 * namespaces from `export --all` goes to the namespaces it names). The whole input is validated
 * before the first write; stdin (`-`) is spooled to a private temporary file for that. Prints what
 * was created, unchanged, updated, in conflict, duplicated or skipped per kind. Running it again
 * changes nothing; after a crash, running it again finishes the job.
 *
 * `--from mcp-memory` reads the official MCP memory server's knowledge graph (`memory.jsonl`)
 * instead: each entity becomes a memory and each relation a link (see mcp-memory-import-source.ts).
 */
import 'reflect-metadata';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '@kioku/config';
import { createAppContainer } from '@kioku/composition';
import type { Container } from 'inversify';
import { EMBEDDINGS_TOKENS } from '@kioku/embeddings';
import { AppError, toAppError } from '@kioku/kernel';
import {
  ImportNamespaceUseCase,
  RECORD_KINDS,
  fileImportSource,
  mcpMemoryImportSource,
  readKnowledgeGraph,
  type ImportReport,
  type McpMemoryConversionSummary,
} from '@kioku/portability';
import { namespaceOption, readableFile } from './cli/cli-checks';
import { ProgressReporter } from './cli/progress-reporter';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: {
      namespace: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      overwrite: { type: 'boolean', default: false },
      'skip-duplicates': { type: 'boolean', default: false },
      from: { type: 'string', default: 'kioku' },
    },
    allowPositionals: true,
    strict: true,
  });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0)
    throw AppError.invalidInput(
      'Usage: kioku import FILE|- [--from kioku|mcp-memory] [--namespace NS] [--dry-run] [--overwrite] [--skip-duplicates]',
    );
  if (values.from !== 'kioku' && values.from !== 'mcp-memory')
    throw AppError.invalidInput(`--from: expects kioku or mcp-memory (got "${values.from}")`);
  const named = namespaceOption(values.namespace);
  if (file !== '-') await readableFile(file, 'FILE');
  const config = loadConfig();
  const spool = file === '-' ? await spoolStdin() : undefined;
  const app = await createAppContainer(config, { appName: 'import', openNamespace: false });
  try {
    const progress = new ProgressReporter(values['dry-run'] ? 'import (dry run)' : 'import');
    const path = spool?.path ?? file;
    const graph =
      values.from === 'mcp-memory'
        ? await convertGraph(app.container, path, named ?? config.namespace)
        : undefined;
    if (graph) process.stdout.write(describeGraph(graph.summary));
    const report = await app.container.get(ImportNamespaceUseCase).execute({
      source: graph?.source ?? fileImportSource(path),
      // A one-section file goes to --namespace, else to the configured namespace; see the use case.
      namespace: named ?? (graph || !(await isMultiSection(path)) ? config.namespace : undefined),
      dryRun: values['dry-run'],
      overwrite: values.overwrite,
      skipDuplicates: values['skip-duplicates'],
      onProgress: (p) => progress.update(`${p.namespace} ${p.phase}`, p.done, p.total),
    });
    progress.finish();
    process.stdout.write(describe(report));
  } finally {
    await app.close();
    if (spool) await rm(spool.dir, { recursive: true, force: true });
  }
}

/** stdin copied to a file only this user can read (it may hold private memories), read twice. */
async function spoolStdin(): Promise<{ dir: string; path: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'kioku-import-'));
  const path = join(dir, 'input.jsonl');
  await pipeline(process.stdin, createWriteStream(path, { mode: 0o600 }));
  return { dir, path };
}

/** The MCP memory server's graph as a kioku section, dated by the file's modification time. */
async function convertGraph(container: Container, path: string, namespace: string) {
  const graph = await readKnowledgeGraph(fileImportSource(path).lines());
  const { modelId: id, dimension } = container.get(EMBEDDINGS_TOKENS.EmbeddingProvider);
  const { mtime } = await stat(path);
  return mcpMemoryImportSource(graph, { namespace, at: mtime, embeddingModel: { id, dimension } });
}

function describeGraph(s: McpMemoryConversionSummary): string {
  return (
    `MCP memory graph: ${s.entities} entities with ${s.observations} observations → ${s.memories} memories; ` +
    `${s.relations} relations → ${s.links} links` +
    (s.relationsLeftOut > 0
      ? ` (${s.relationsLeftOut} left out: they name an entity the file does not hold, or join one to itself)`
      : '') +
    '.\n'
  );
}

/** Whether the file holds more than one namespace (an `export --all`): counts header lines. */
async function isMultiSection(path: string): Promise<boolean> {
  let headers = 0;
  for await (const line of fileImportSource(path).lines()) {
    if (line.startsWith('{"type":"header"') && ++headers > 1) return true;
  }
  return false;
}

function describe(report: ImportReport): string {
  const lines: string[] = [];
  for (const ns of report.namespaces) {
    lines.push(
      `${report.dryRun ? 'Dry run — nothing written. Would import' : 'Imported'} "${ns.fromNamespace}" into namespace "${ns.namespace}" ` +
        `(vectors ${ns.vectors === 'reused' ? 'reused from the file' : 're-embedded with the configured model'}):`,
    );
    for (const kind of RECORD_KINDS) {
      const o = ns.outcomes[kind];
      lines.push(
        `  ${kind.padEnd(8)} created ${o.created}, unchanged ${o.unchanged}, updated ${o.updated}, ` +
          `conflicts ${o.conflicts}, skipped ${o.skipped}`,
      );
    }
    for (const kind of RECORD_KINDS) {
      const ids = ns.conflictIds[kind];
      if (ids?.length)
        lines.push(
          `  conflicting ${kind} ids (kept as they are; --overwrite replaces them): ${ids.join(', ')}`,
        );
    }
    if (ns.duplicateCount > 0) {
      lines.push(`  ${ns.duplicateCount} near-duplicates of memories already in the namespace:`);
      for (const d of ns.duplicates)
        lines.push(`    ${d.id} ~ ${d.existingId} (similarity ${d.similarity.toFixed(2)})`);
    }
    if (ns.linksWithoutMemory.length > 0) {
      lines.push(`  links left out (a memory they join is absent): ${ns.linksWithoutMemory.join(', ')}`);
    }
  }
  lines.push(`${report.written} records written.`);
  return `${lines.join('\n')}\n`;
}

main().catch((error: unknown) => {
  const appError = toAppError(error);
  process.stderr.write(`\nkioku import: ${appError.code}: ${appError.message}\n`);
  process.exit(appError.code === 'CONFIG_INVALID' ? 2 : 1);
});
