/**
 * Command-line options of `kioku bench`. Parsing is pure: it returns the options or throws a
 * `BenchUsageError` whose message says what was wrong.
 */
export type BenchStore = 'memory' | 'chroma-embedded';

export interface BenchOptions {
  /** Namespace sizes to measure, ascending, without repeats. */
  sizes: number[];
  /** Measured calls per operation and size. */
  queries: number;
  store: BenchStore;
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
  help: boolean;
}

export const DEFAULT_SIZES = [1_000, 10_000];
export const LARGE_SIZE = 100_000;

export class BenchUsageError extends Error {}

export const USAGE = `Usage: kioku bench [options]

Seeds fresh namespaces in a temporary data directory and measures the behaviour §11 ratios.

  --sizes 1000,10000     namespace sizes (default 1000,10000; "10k" works too)
  --large                also measure 100000
  --queries N            measured calls per operation and size (default 50)
  --store KIND           memory | chroma-embedded (default chroma-embedded)
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
`;

export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = {
    sizes: [...DEFAULT_SIZES],
    queries: 50,
    store: 'chroma-embedded',
    keep: false,
    pool: 1_000,
    realSeedBudgetSeconds: 60,
    bulk: 640,
    batchSize: 64,
    conversation: 600,
    seed: 20240607,
    help: false,
  };
  let large = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    const value = (): string => {
      if (inline !== undefined) return inline;
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new BenchUsageError(`${flag} needs a value`);
      i += 1;
      return next;
    };
    switch (flag) {
      case '--sizes':
        options.sizes = value()
          .split(',')
          .map((s) => parseCount(s, '--sizes'));
        break;
      case '--large':
        large = true;
        break;
      case '--queries':
        options.queries = parseCount(value(), '--queries');
        break;
      case '--store': {
        const store = value();
        if (store !== 'memory' && store !== 'chroma-embedded') {
          throw new BenchUsageError(`--store must be memory or chroma-embedded, got "${store}"`);
        }
        options.store = store;
        break;
      }
      case '--json':
        options.jsonFile = value();
        break;
      case '--keep':
        options.keep = true;
        break;
      case '--pool':
        options.pool = parseCount(value(), '--pool');
        break;
      case '--real-seed-budget':
        options.realSeedBudgetSeconds = parseCount(value(), '--real-seed-budget', 0);
        break;
      case '--bulk':
        options.bulk = parseCount(value(), '--bulk');
        break;
      case '--batch': {
        const batch = parseCount(value(), '--batch');
        if (batch < 32 || batch > 64)
          throw new BenchUsageError(`--batch must be within 32..64, got ${batch}`);
        options.batchSize = batch;
        break;
      }
      case '--conversation':
        options.conversation = parseCount(value(), '--conversation', 0);
        break;
      case '--seed':
        options.seed = parseCount(value(), '--seed', 0);
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new BenchUsageError(`unknown option "${arg}"`);
    }
  }
  if (large) options.sizes.push(LARGE_SIZE);
  options.sizes = [...new Set(options.sizes)].sort((a, b) => a - b);
  return options;
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
