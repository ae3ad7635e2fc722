/** `kioku bench startup`: runs the startup measurement and prints its table (and JSON on request). */
import { writeFileSync } from 'node:fs';
import { measureStartup } from './measure-startup';
import { parseStartupArgs, STARTUP_USAGE } from './startup-options';
import { formatStartupReport, type StartupReport } from './startup-report';

export async function runStartupCommand(
  argv: readonly string[],
  progress: (line: string) => void,
): Promise<void> {
  const options = parseStartupArgs(argv);
  if (options.help) {
    process.stdout.write(STARTUP_USAGE);
    return;
  }
  const samples = await measureStartup(options.runs, progress, options.bin);
  const report: StartupReport = { command: 'kioku mcp', node: process.version, runs: options.runs, samples };
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  process.stdout.write(`${formatStartupReport(report)}\n`);
  if (options.jsonFile) writeFileSync(options.jsonFile, `${JSON.stringify(report, null, 2)}\n`);
}
