/**
 * Test fixture run as a separate Node process (`node --import tsx`): saves `count` public memories of
 * one day into the workspace given as the first argument, all at once, with ids and contents derived
 * from `prefix`. Every tenth memory is important, so MEMORY.md is contended too. Prints `done` on stdout;
 * any logged problem goes to stderr and makes the exit code 1.
 */
import type { LogFields, Logger } from '@kioku/kernel';
import { NodeWorkspaceFiles } from '@kioku/workspace-files-node';
import { WorkspaceSync } from '../application/workspace-sync.listener';
import { concurrentMemory } from './concurrent-memories.fixture';

const [dir, prefix, countText] = process.argv.slice(2);

const problems: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (event: string, fields?: LogFields) => report(event, fields),
  error: (event: string, fields?: LogFields) => report(event, fields),
};

function report(event: string, fields?: LogFields): void {
  process.stderr.write(`${JSON.stringify({ event, ...fields })}\n`);
  process.exitCode = 1;
}

const sync = new WorkspaceSync('agent', new NodeWorkspaceFiles(dir, { lockTimeoutMs: 20_000 }), problems);
const memories = Array.from({ length: Number(countText) }, (_, index) => concurrentMemory(prefix, index));

Promise.all(memories.map((memory) => sync.saved('agent', memory)))
  .then(() => process.stdout.write('done\n'))
  .catch((error: unknown) => report('fixture.failed', { message: String(error) }));
