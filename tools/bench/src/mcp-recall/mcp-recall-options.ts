/** Options of `kioku bench mcp-recall`; parsing is pure and throws `BenchUsageError` with the reason. */
import { BenchUsageError } from '../lib/bench-options';

export interface McpRecallOptions {
  /** Namespace sizes, ascending. */
  sizes: number[];
  /** Measured recalls per kind of query and path. */
  queries: number;
  jsonFile?: string;
  help: boolean;
}

export const MCP_RECALL_USAGE = `Usage: kioku bench mcp-recall [options]

Starts \`kioku http\` on the embedded default in a temporary data dir, saves each namespace as users
save theirs (over MCP: remember_batch, two batches in flight, and some single remembers, one
conversation thread, links made by remember), then times recall over an MCP session and the recall
use case in this process on the same store, interleaved, for three kinds of query: a topic, a rare
number, words found in no memory. Prints p50/p95 per kind and path, their ratio, and where the use
case's time goes.

  --sizes LIST   namespace sizes (default 1000,10000)
  --queries N    recalls per kind and path (default 30)
  --json FILE    also write every number as JSON
`;

export function parseMcpRecallArgs(argv: readonly string[]): McpRecallOptions {
  const options: McpRecallOptions = { sizes: [1_000, 10_000], queries: 30, help: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new BenchUsageError(`${flag} needs a value`);
      return next;
    };
    switch (flag) {
      case '--sizes': {
        const sizes = value()
          .split(',')
          .map((s) => Number(s.trim()));
        if (sizes.some((n) => !Number.isInteger(n) || n < 100))
          throw new BenchUsageError('--sizes needs whole numbers ≥ 100, comma-separated');
        options.sizes = [...new Set(sizes)].sort((a, b) => a - b);
        break;
      }
      case '--queries': {
        const queries = Number(value());
        if (!Number.isInteger(queries) || queries < 1)
          throw new BenchUsageError('--queries needs a whole number ≥ 1');
        options.queries = queries;
        break;
      }
      case '--json':
        options.jsonFile = value();
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new BenchUsageError(`unknown option "${flag}"`);
    }
  }
  return options;
}
