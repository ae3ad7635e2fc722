/**
 * `kioku bench --embeddings local,onnx`: the engines measured one after the other in one run, side
 * by side. For each size: the embedder alone (one text p50, and batches /s, as the main table
 * measures them) and recall p50, each also as a ratio to the first engine's.
 */
import type { BenchReport } from './bench-report';
import { formatMs, formatRate, formatTable } from './report-table';
import { sizeLabel } from './target-checks';

export function formatEngineComparison(reports: readonly BenchReport[]): string {
  const [first] = reports;
  const rows = reports.flatMap((report) =>
    report.sizes.map((size) => {
      const base = first.sizes.find((candidate) => candidate.size === size.size);
      const ratio = (value: number, baseline: number | undefined) =>
        baseline === undefined ? '—' : `${(value / baseline).toFixed(2)}×`;
      return [
        report.embeddingModel,
        sizeLabel(size.size),
        formatMs(size.embed.p50),
        formatRate(size.bulk.embedPerSecond),
        ratio(size.bulk.embedPerSecond, base?.bulk.embedPerSecond),
        formatMs(size.recall.p50),
        ratio(size.recall.p50, base?.recall.p50),
      ];
    }),
  );
  return [
    `Embedding engines side by side (ratios against ${first.embeddingModel}):`,
    formatTable(
      ['engine', 'size', 'embed p50 ms', 'embed batch /s', 'ratio', 'recall p50 ms', 'ratio'],
      rows,
      ['left', 'right', 'right', 'right', 'right', 'right', 'right'],
    ),
  ].join('\n');
}
