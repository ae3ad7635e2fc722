/**
 * The stores of one run side by side (`--store sqlite,chroma-embedded`): per size, each store's p50 of
 * the calls users make and of the store's own reads, and the first store's recall and remember p50 as
 * a share of each other's (below 1: faster). Pure formatting of the reports.
 */
import type { BenchReport } from './bench-report';
import { formatMs, formatRate, formatTable } from './report-table';
import { sizeLabel } from './target-checks';

export function formatStoreComparison(reports: readonly BenchReport[]): string {
  const [first] = reports;
  const rows = first.sizes.flatMap((size) =>
    reports.map((report) => {
      const same = report.sizes.find((s) => s.size === size.size);
      if (!same) return [sizeLabel(size.size), report.store, '—', '—', '—', '—', '—', '—'];
      const share = (mine: number, theirs: number) => (report === first ? '' : (mine / theirs).toFixed(2));
      return [
        sizeLabel(size.size),
        report.store,
        formatMs(same.rawQuery.p50),
        formatMs(same.recall.p50),
        formatMs(same.remember.p50),
        formatRate(same.bulk.importPerSecond),
        share(size.recall.p50, same.recall.p50),
        share(size.remember.p50, same.remember.p50),
      ];
    }),
  );
  return [
    `Stores side by side (p50 ms; the last columns: ${first.store} ÷ this store, below 1 is faster)`,
    formatTable(
      ['size', 'store', 'raw query', 'recall', 'remember', 'ingest /s', 'recall ratio', 'remember ratio'],
      rows,
      ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right'],
    ),
  ].join('\n');
}
