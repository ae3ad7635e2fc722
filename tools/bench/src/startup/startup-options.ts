/** Options of `kioku bench startup`; parsing is pure and throws `BenchUsageError` with the reason. */
import { BenchUsageError, readCommandArgs } from '../lib/command-args';

export interface StartupOptions {
  /** Measured starts (after one warm-up start that also seeds a few memories). */
  runs: number;
  jsonFile?: string;
  /** Another kioku's bin/kioku to measure (e.g. an older checkout); default: this one's. */
  bin?: string;
  help: boolean;
}

export const STARTUP_USAGE = `Usage: kioku bench startup [options]

Spawns \`kioku mcp\` over stdio on the embedded default in a temporary data dir, as an MCP client
does at every session, and measures spawn → initialize, → tools/list and → first recall.

  --runs N       measured starts (default 7), after one warm-up start
  --json FILE    also write the samples as JSON
  --bin PATH     measure another kioku's bin/kioku (default: this one)
`;

export function parseStartupArgs(argv: readonly string[]): StartupOptions {
  const values = readCommandArgs(argv, {
    runs: { type: 'string' },
    json: { type: 'string' },
    bin: { type: 'string' },
  });
  const runs = Number(values.runs ?? 7);
  if (!Number.isInteger(runs) || runs < 1) throw new BenchUsageError('--runs needs a whole number ≥ 1');
  return { runs, jsonFile: values.json, bin: values.bin, help: values.help ?? false };
}
