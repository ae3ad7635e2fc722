/** Exports namespaces one after the other into one stream, with progress on stderr (`kioku export`, `kioku migrate`). */
import type { Writable } from 'node:stream';
import type { Container } from 'inversify';
import { ExportNamespaceUseCase, streamSink, type ExportSummary } from '@kioku/portability';
import { ProgressReporter } from './progress-reporter';

export async function exportNamespaces(
  container: Pick<Container, 'get'>,
  namespaces: readonly string[],
  out: Writable,
  options: { includePrivate: boolean; withVectors: boolean; label: string },
): Promise<ExportSummary[]> {
  const sink = streamSink(out);
  const progress = new ProgressReporter(options.label);
  const summaries: ExportSummary[] = [];
  for (const namespace of namespaces) {
    summaries.push(
      await container.get(ExportNamespaceUseCase).execute({
        namespace,
        sink,
        includePrivate: options.includePrivate,
        withVectors: options.withVectors,
        onProgress: (p) => progress.update(`${namespace} ${p.kind}`, p.done, p.total),
      }),
    );
  }
  progress.finish();
  return summaries;
}
