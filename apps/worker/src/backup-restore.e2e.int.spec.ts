/**
 * The paths a user takes to bring memories in from the MCP memory server, back them up and restore
 * them, through bin/kioku on the embedded default (the in-process store, the local model): `kioku
 * import --from mcp-memory` of the README's example, `kioku worker --once backup`, then `kioku import`
 * of the gzipped backup into an empty data dir, which then exports exactly what the first one does.
 */
import { execFile } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { entityMemoryId } from '@kioku/portability';
import { KIOKU_BIN, REPO_ROOT, readReports, tempDir } from './testing/worker-test-helpers';

const run = promisify(execFile);
const EXAMPLE = join(REPO_ROOT, 'docs/examples/mcp-memory.jsonl');

function kioku(dataDir: string, ...args: string[]) {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: dataDir,
    KIOKU_DATA_DIR: dataDir,
    KIOKU_LOG_LEVEL: 'warn',
  };
  return run(process.execPath, [KIOKU_BIN, ...args], { env, maxBuffer: 64 * 1024 * 1024 });
}

/** The record lines of an export, sorted, without the header's time. */
function records(text: string): string[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => line.replace(/"exportedAt":"[^"]+"/, '"exportedAt":"-"'))
    .sort();
}

describe('MCP memory graph → kioku → backup → restore (bin/kioku, embedded default)', () => {
  const source = tempDir('graph');
  const restored = tempDir('restored');
  afterAll(() => {
    for (const dir of [source, restored]) rmSync(dir, { recursive: true, force: true });
  });

  it('imports the graph, backs it up and restores the backup into an empty data dir', async () => {
    const imported = await kioku(source, 'import', '--from', 'mcp-memory', EXAMPLE);
    expect(imported.stdout).toContain(
      'MCP memory graph: 3 entities with 7 observations → 3 memories; 2 relations → 2 links.',
    );
    expect(imported.stdout).toContain('5 records written.');
    const again = await kioku(source, 'import', '--from', 'mcp-memory', EXAMPLE);
    expect(again.stdout).toContain('0 records written.');

    await kioku(source, 'worker', '--once', 'backup');
    const [report] = readReports(join(source, 'worker-reports'), 'backup');
    expect(report).toMatchObject({ status: 'ok', counts: { memories: 3, links: 2 } });
    const folder = join(source, 'backups', 'default');
    const backups = readdirSync(folder);
    expect(backups).toEqual([report.details!.file]);

    const restore = await kioku(restored, 'import', join(folder, backups[0]));
    expect(restore.stdout).toContain('vectors reused from the file');
    const [before, after] = await Promise.all([kioku(source, 'export'), kioku(restored, 'export')]);
    expect(records(after.stdout)).toEqual(records(before.stdout));
    expect(after.stdout).toContain(entityMemoryId('John_Smith', 0));
  }, 180_000);
});
