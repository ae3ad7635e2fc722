/**
 * Command-line options of `kioku bench`. Parsing is pure: it returns the options or throws a
 * `BenchUsageError` whose message says what was wrong.
 */
import type { SizeFills } from './seed-fill';
import { BenchUsageError, readCommandArgs } from './command-args';

/** The stores a benchmark runs on: the in-process default, the managed Chroma server, the test store. */
const BENCH_STORES = ['sqlite', 'chroma-embedded', 'memory'] as const;
export type BenchStore = (typeof BENCH_STORES)[number];

export interface BenchOptions {
  /** Namespace sizes to measure, ascending, without repeats. */
  sizes: number[];
  /** Measured calls per operation and size. */
  queries: number;
  /** The stores measured, one after the other in this run (the first is the default, `sqlite`). */
  stores: BenchStore[];
  /** Also write the numbers as JSON here. */
  jsonFile?: string;
  /** Keep the temporary data directory. */
  keep: boolean;
  /** Sentences embedded for real and shared by every size. */
  pool: number;
  /** Seconds the run may spend embedding beyond the pool before it fills with synthetic vectors. */
  realSeedBudgetSeconds: number;
  /** Texts per side of the bulk-import measurement. */
  bulk: number;
  /** Texts per batch in the bulk-import measurement. */
  batchSize: number;
  /** Turns of the conversation ingested one at a time and in batches (0: not measured). */
  conversation: number;
  /** Seed of the text and vector generators. */
  seed: number;
  /** Embedding engines (KIOKU_EMBEDDINGS) to measure one after the other and compare; unset: the configured one. */
  engines?: BenchEngine[];
  /**
   * How each size is filled, by size, decided by an earlier run of the same command: runs compared
   * side by side seed alike, however fast their engine embeds (not an option of the command line).
   */
  fills?: SizeFills;
  help: boolean;
}

const BENCH_ENGINES = ['local', 'onnx', 'ollama'] as const;
type BenchEngine = (typeof BENCH_ENGINES)[number];

const DEFAULT_SIZES = [1_000, 10_000];
const LARGE_SIZE = 100_000;

export const USAGE = `Usage: kioku bench [options]

Seeds fresh namespaces in a temporary data directory and measures the behaviour §11 ratios.

  --sizes 1000,10000     namespace sizes (default 1000,10000; "10k" works too)
  --large                also measure 100000
  --queries N            measured calls per operation and size (default 50)
  --store KIND[,KIND]    sqlite | chroma-embedded | memory (default sqlite); several are measured
                         one after the other and compared
  --json FILE            also write the numbers as JSON
  --keep                 keep the temporary data directory
  --pool N               sentences embedded for real and shared by every size (default 1000)
  --real-seed-budget S   seconds allowed for embedding beyond the pool; larger fills use
                         synthetic vectors near real ones (default 60)
  --bulk N               texts per side of the bulk-import measurement (default 640)
  --batch N              batch size of the bulk-import measurement, 32-64 (default 64)
  --conversation N       turns of a conversation ingested one remember at a time and through
                         remember_batch (default 600; 0 skips it)
  --seed N               generator seed (default 20240607)
  --embeddings LIST      measure these engines one after the other and compare them, e.g.
                         local,onnx (each with the other KIOKU_ONNX_* / KIOKU_OLLAMA_* settings given)
`;

export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  const values = readCommandArgs(argv, {
    sizes: { type: 'string' },
    large: { type: 'boolean' },
    queries: { type: 'string' },
    store: { type: 'string' },
    json: { type: 'string' },
    keep: { type: 'boolean' },
    pool: { type: 'string' },
    'real-seed-budget': { type: 'string' },
    bulk: { type: 'string' },
    batch: { type: 'string' },
    conversation: { type: 'string' },
    seed: { type: 'string' },
    embeddings: { type: 'string' },
  });
  const sizes = values.sizes?.split(',').map((s) => parseCount(s, '--sizes')) ?? [...DEFAULT_SIZES];
  if (values.large) sizes.push(LARGE_SIZE);
  const batchSize = count(values.batch, '--batch', 64);
  if (batchSize < 32 || batchSize > 64)
    throw new BenchUsageError(`--batch must be within 32..64, got ${batchSize}`);
  return {
    sizes: [...new Set(sizes)].sort((a, b) => a - b),
    queries: count(values.queries, '--queries', 50),
    stores: [...new Set((values.store ?? 'sqlite').split(',').map((store) => benchStore(store.trim())))],
    jsonFile: values.json,
    keep: values.keep ?? false,
    pool: count(values.pool, '--pool', 1_000),
    realSeedBudgetSeconds: count(values['real-seed-budget'], '--real-seed-budget', 60, 0),
    bulk: count(values.bulk, '--bulk', 640),
    batchSize,
    conversation: count(values.conversation, '--conversation', 600, 0),
    seed: count(values.seed, '--seed', 20240607, 0),
    engines: values.embeddings === undefined ? undefined : benchEngines(values.embeddings),
    help: values.help ?? false,
  };
}

export function benchStore(store: string): BenchStore {
  if (!(BENCH_STORES as readonly string[]).includes(store))
    throw new BenchUsageError(`--store must be ${BENCH_STORES.join(', ')}, got "${store}"`);
  return store as BenchStore;
}

function benchEngines(list: string): BenchEngine[] {
  const engines = list.split(',').map((engine) => engine.trim());
  const unknown = engines.find((engine) => !(BENCH_ENGINES as readonly string[]).includes(engine));
  if (unknown !== undefined || new Set(engines).size !== engines.length) {
    throw new BenchUsageError(
      `--embeddings takes distinct engines among ${BENCH_ENGINES.join(', ')}, got "${list}"`,
    );
  }
  return engines as BenchEngine[];
}

/** The option's count, or its default when not given. */
function count(text: string | undefined, flag: string, fallback: number, min = 1): number {
  return text === undefined ? fallback : parseCount(text, flag, min);
}

/** A whole number ≥ `min`; accepts `_` separators and a `k` suffix (10k = 10000). */
function parseCount(text: string, flag: string, min = 1): number {
  const match = /^(\d[\d_]*)(k?)$/i.exec(text.trim());
  const value = match ? Number(match[1].replaceAll('_', '')) * (match[2] ? 1_000 : 1) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min) {
    throw new BenchUsageError(`${flag} needs whole numbers ≥ ${min}, got "${text}"`);
  }
  return value;
}
