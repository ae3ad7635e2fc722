/** Options of `kioku bench mcp-recall`; parsing is pure and throws `BenchUsageError` with the reason. */
import { BenchUsageError, readCommandArgs } from '../lib/command-args';

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
  const values = readCommandArgs(argv, {
    sizes: { type: 'string' },
    queries: { type: 'string' },
    json: { type: 'string' },
  });
  return {
    sizes: values.sizes === undefined ? [1_000, 10_000] : sizes(values.sizes),
    queries: values.queries === undefined ? 30 : queries(values.queries),
    jsonFile: values.json,
    help: values.help ?? false,
  };
}

function sizes(raw: string): number[] {
  const sizes = raw.split(',').map((s) => Number(s.trim()));
  if (sizes.some((n) => !Number.isInteger(n) || n < 100))
    throw new BenchUsageError('--sizes needs whole numbers ≥ 100, comma-separated');
  return [...new Set(sizes)].sort((a, b) => a - b);
}

function queries(raw: string): number {
  const queries = Number(raw);
  if (!Number.isInteger(queries) || queries < 1)
    throw new BenchUsageError('--queries needs a whole number ≥ 1');
  return queries;
}
