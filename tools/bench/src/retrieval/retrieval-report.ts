/** The retrieval benchmark's printed report: the setup, ingest and latency, then one row per ranking. */
import { formatMs, formatRate, formatTable } from '../lib/report-table';
import { SCORED_CATEGORIES } from './locomo-dataset';
import type { RetrievalReport } from './retrieval-run';

const fixed = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(3));

export function formatRetrievalReport(report: RetrievalReport): string {
  const categories = Object.keys(SCORED_CATEGORIES).map(Number);
  const header = [
    'ranking',
    'R@3',
    'R@5',
    'R@10',
    'hit@5',
    'MRR',
    ...categories.map((c) => `R@5 ${SCORED_CATEGORIES[c]}`),
    'recall p50 / p95 ms',
  ];
  const rows = report.variants.map((v) => [
    v.name,
    fixed(v.all.recallAt3),
    fixed(v.all.recallAt5),
    fixed(v.all.recallAt10),
    fixed(v.all.hitAt5),
    fixed(v.all.mrr),
    ...categories.map((c) => fixed(v.byCategory[c]?.recallAt5)),
    `${formatMs(v.recallLatency.p50)} / ${formatMs(v.recallLatency.p95)}`,
  ]);
  const counts = categories
    .map((c) => `${SCORED_CATEGORIES[c]} ${report.variants[0]?.byCategory[c]?.questions ?? 0}`)
    .join(', ');
  return [
    `Retrieval benchmark: ${report.dataset}`,
    `store ${report.store}, embeddings ${report.embeddingModel}`,
    `${report.conversations} conversations, ${report.turns} turns remembered, ${report.questions} scored questions (${counts})`,
    `ingest through remember: ${formatRate(report.ingest.perSecond)} memories/s ` +
      `(p50 ${formatMs(report.ingest.latency.p50)} ms, p95 ${formatMs(report.ingest.latency.p95)} ms per remember)`,
    ...(report.cachedEmbeddings > 0
      ? [
          `${report.cachedEmbeddings} texts' vectors came from the embedding cache: ` +
            'the ingest rate and recall latencies leave the embedder out',
        ]
      : []),
    '',
    formatTable(header, rows, ['left', ...header.slice(1).map(() => 'right' as const)]),
    '',
    "R@k: share of a question's evidence turns in the top k; hit@5: any evidence in the top 5;",
    'MRR: 1 / rank of the first evidence turn in the top 10.',
  ].join('\n');
}
