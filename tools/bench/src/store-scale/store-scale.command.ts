/**
 * `kioku bench store`: what the in-process store costs as a collection grows (its README states the
 * curve). Per size, in a fresh store file: the time to write the records (batches of 1,000), to fill
 * the collection's graph once it has one (20,000 vectors and more; saved beside the file), the first
 * query of a new process (which reads every vector, and the saved graph, into the process), then
 * queries for the 50 nearest, unfiltered and filtered to a tenth of the records, p50/p95; how many
 * of the exact scan's 10 and 50 nearest the store's search returns (through the graph); the bytes
 * the process keeps for the search and the file's size. Vectors are clustered near 2,000 centres, as
 * similar memories are.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { where, type VectorRecord } from '@kioku/vector-store';
import { SqliteVectorStore } from '@kioku/vector-store-sqlite';
import { summarize, type LatencySummary } from '../lib/percentiles';
import { formatMs, formatTable } from '../lib/report-table';
import { SeededRandom } from '../lib/seeded-random';
import { sizeLabel } from '../lib/target-checks';
import { parseStoreScaleArgs, STORE_SCALE_USAGE, type StoreScaleOptions } from './store-scale-options';

const BATCH = 1_000;
const CENTRES = 2_000;
/** Queries asked of both the store's search and the exact scan, to compare their answers. */
const AGREEMENT_QUERIES = 50;

/** V8's collector, which a flag set at run time exposes to a new context. */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

interface Agreement {
  at10: number;
  at50: number;
  closeAt10: number;
}

interface StoreScaleRow {
  size: number;
  writeSeconds: number;
  /** Filling the graph after the writes (0 below the size that has one). */
  fillSeconds: number;
  firstQueryMs: number;
  query: LatencySummary;
  filteredQuery: LatencySummary;
  /**
   * Of the exact scan's 10 and 50 nearest, the share the store's own search returned; and of the
   * store's 10 nearest, the share at most as far as the scan's 10th (a near tie swapped for another
   * counts here, not in `at10`).
   */
  agreement: Agreement;
  /** Bytes of typed arrays the process keeps for the search. */
  searchBytes: number;
  fileBytes: number;
}

export async function runStoreScaleCommand(
  argv: readonly string[],
  progress: (line: string) => void,
): Promise<void> {
  const options = parseStoreScaleArgs(argv);
  if (options.help) {
    process.stdout.write(STORE_SCALE_USAGE);
    return;
  }
  const rows: StoreScaleRow[] = [];
  for (const size of options.sizes) rows.push(await measureSize(size, options, progress));
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  process.stdout.write(`${formatRows(rows, options)}\n`);
  if (options.jsonFile) writeFileSync(options.jsonFile, `${JSON.stringify(rows, null, 2)}\n`);
}

async function measureSize(
  size: number,
  options: StoreScaleOptions,
  progress: (line: string) => void,
): Promise<StoreScaleRow> {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-bench-store-'));
  const file = join(dir, 'store.sqlite');
  const random = new SeededRandom(size);
  const centres = Array.from({ length: CENTRES }, () =>
    Array.from({ length: options.dimension }, () => random.next() * 2 - 1),
  );
  const near = () => centres[Math.floor(random.next() * CENTRES)].map((x) => x + (random.next() - 0.5) * 0.6);
  try {
    const { writeSeconds, fillSeconds } = await writeAndFill(file, size, options.dimension, near, progress);
    // The closed writer's buffers are collected first, not during the query (which read as negative bytes).
    collectGarbage();
    // A fresh process's view: a new store on the file reads every vector (and the saved graph) at its first query.
    const store = new SqliteVectorStore(file);
    const before = process.memoryUsage().arrayBuffers;
    const first = performance.now();
    await store.query('scale', { vector: near(), limit: 50 });
    const firstQueryMs = performance.now() - first;
    collectGarbage();
    const searchBytes = process.memoryUsage().arrayBuffers - before;
    const timed = async (filtered: boolean) => {
      const samples: number[] = [];
      for (let q = 0; q < options.queries; q++) {
        const vector = near();
        const started = performance.now();
        await store.query('scale', {
          vector,
          limit: 50,
          filter: filtered ? where.eq('tenth', q % 10) : undefined,
        });
        samples.push(performance.now() - started);
      }
      return summarize(samples);
    };
    const query = await timed(false);
    const filteredQuery = await timed(true);
    const agreement = await agreementWithScan(store, file, Array.from({ length: AGREEMENT_QUERIES }, near));
    await store.close();
    return {
      size,
      writeSeconds,
      fillSeconds,
      firstQueryMs,
      query,
      filteredQuery,
      agreement,
      searchBytes,
      fileBytes: statSync(file).size,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes `size` records in batches, fills the collection's graph, and closes the store. */
async function writeAndFill(
  file: string,
  size: number,
  dimension: number,
  near: () => number[],
  progress: (line: string) => void,
): Promise<{ writeSeconds: number; fillSeconds: number }> {
  const store = new SqliteVectorStore(file);
  try {
    await store.ensureCollection('scale', { dimension });
    const writing = performance.now();
    for (let start = 0; start < size; start += BATCH) {
      const records: VectorRecord[] = [];
      for (let i = start; i < Math.min(size, start + BATCH); i++)
        records.push({
          id: `mem_${i.toString(16).padStart(12, '0')}`,
          vector: near(),
          metadata: { tenth: i % 10 },
          document: '',
        });
      await store.upsert('scale', records);
      progress(`store ${sizeLabel(size)}: ${Math.min(size, start + BATCH)} written`);
    }
    const writeSeconds = (performance.now() - writing) / 1000;
    progress(`store ${sizeLabel(size)}: filling its graph`);
    const filling = performance.now();
    await store.settle('scale');
    return { writeSeconds, fillSeconds: (performance.now() - filling) / 1000 };
  } finally {
    await store.close();
  }
}

/**
 * Asks `store` (through its graph, at sizes that have one) and an exact scan of the same file the
 * same queries, and compares their answers (`Agreement`).
 */
async function agreementWithScan(
  store: SqliteVectorStore,
  file: string,
  queries: number[][],
): Promise<Agreement> {
  const scan = new SqliteVectorStore(file, { indexFrom: Infinity });
  const shares = { at10: 0, at50: 0, closeAt10: 0 };
  try {
    for (const vector of queries) {
      const [got, want] = await Promise.all(
        [store, scan].map((s) => s.query('scale', { vector, limit: 50 })),
      );
      const returned = new Set(got.map((m) => m.id));
      const share = (matches: typeof want) =>
        matches.filter((m) => returned.has(m.id)).length / matches.length;
      shares.at10 += share(want.slice(0, 10)) / queries.length;
      shares.at50 += share(want) / queries.length;
      const tenth = want[9]?.distance ?? Infinity;
      // 1e-6: the same vector's distance, computed by the two searches in another order of sums.
      shares.closeAt10 +=
        got.slice(0, 10).filter((m) => m.distance <= tenth + 1e-6).length / 10 / queries.length;
    }
  } finally {
    await scan.close();
  }
  return shares;
}

function formatRows(rows: StoreScaleRow[], options: StoreScaleOptions): string {
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  return [
    `The in-process store at growing sizes (${options.dimension}-d vectors, the 50 nearest, ${options.queries} queries per kind; ms):`,
    formatTable(
      [
        'size',
        'write s',
        'graph s',
        'first query',
        'query p50 / p95',
        'filtered p50 / p95',
        'exact @10 / @50 / close @10',
        'search MB',
        'file MB',
      ],
      rows.map((r) => [
        sizeLabel(r.size),
        r.writeSeconds.toFixed(1),
        r.fillSeconds.toFixed(1),
        formatMs(r.firstQueryMs),
        `${formatMs(r.query.p50)} / ${formatMs(r.query.p95)}`,
        `${formatMs(r.filteredQuery.p50)} / ${formatMs(r.filteredQuery.p95)}`,
        `${r.agreement.at10.toFixed(3)} / ${r.agreement.at50.toFixed(3)} / ${r.agreement.closeAt10.toFixed(3)}`,
        mb(r.searchBytes),
        mb(r.fileBytes),
      ]),
      ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
    ),
  ].join('\n');
}
