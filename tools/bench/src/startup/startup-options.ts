/** Options of `kioku bench startup`; parsing is pure and throws `BenchUsageError` with the reason. */
import { BenchUsageError } from '../lib/bench-options';

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
  const options: StartupOptions = { runs: 7, help: false };
  for (let i = 0; i < argv.length; i++) {
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new BenchUsageError(`${argv[i - 1]} needs a value`);
      return next;
    };
    switch (argv[i]) {
      case '--runs': {
        const runs = Number(value());
        if (!Number.isInteger(runs) || runs < 1) throw new BenchUsageError('--runs needs a whole number ≥ 1');
        options.runs = runs;
        break;
      }
      case '--json':
        options.jsonFile = value();
        break;
      case '--bin':
        options.bin = value();
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new BenchUsageError(`unknown option "${argv[i]}"`);
    }
  }
  return options;
}
