/**
 * The model's threads yield the CPU to the event loop (Linux keeps a nice value per thread): under load
 * the loop that answers requests is not slowed by the passes it waits on. Read from /proc in a child
 * process that runs the real provider, so only its own threads are seen.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repositoryRoot = join(__dirname, '..', '..', '..', '..', '..');

const describeOnLinux = process.platform === 'linux' ? describe : describe.skip;

describeOnLinux('the local model’s embedding threads', () => {
  it('run 10 nice values above the event loop, which keeps its own', async () => {
    const script = [
      "const { readdirSync, readFileSync } = require('node:fs');",
      "const { LocalThreadedEmbeddingProvider } = require('./libs/adapters/embeddings-local/src/lib/local-embedding-threads.ts');",
      '(async () => {',
      '  const provider = new LocalThreadedEmbeddingProvider({ threads: 1 });',
      '  await provider.init();',
      "  await provider.embed(['one', 'two', 'three']);",
      "  const niceOf = (task) => { const stat = readFileSync('/proc/self/task/' + task + '/stat', 'utf8');",
      "    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]); };",
      "  const others = readdirSync('/proc/self/task').filter((task) => Number(task) !== process.pid);",
      '  process.stderr.write(JSON.stringify({ loop: niceOf(process.pid), others: others.map(niceOf) }));',
      '  await provider.dispose();',
      '})();',
    ].join('\n');
    const { stderr } = await run('nice', ['-n', '3', process.execPath, '--import', 'tsx', '-e', script], {
      cwd: repositoryRoot,
      timeout: 60_000,
    });
    const { loop, others } = JSON.parse(stderr) as { loop: number; others: number[] };
    expect(loop).toBe(3);
    // The model's thread (one) runs at the process's nice value + 10.
    expect(others).toContain(13);
    expect(others.filter((nice) => nice !== 3 && nice !== 13)).toEqual([]);
  }, 90_000);
});
