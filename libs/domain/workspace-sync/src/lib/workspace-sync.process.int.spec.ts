/**
 * Two kioku processes writing the same day's log (and MEMORY.md) at the same time: each child process
 * saves 200 memories at once. Every line must be present exactly once, intact and in the exact format,
 * under one header, with no lock or temporary file left behind.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  concurrentMemory,
  expectedCuratedLine,
  expectedDailyLine,
} from './testing/concurrent-memories.fixture';
import { listTree, removeDirectory, temporaryDirectory } from '@kioku/testing-fakes';

const FIXTURE = join(__dirname, 'testing', 'concurrent-writer.fixture.ts');
const PER_PROCESS = 200;
const DAILY_LINE =
  /^- \d{2}:\d{2} \[daily\] Process [ab] note \d+: some text, then more text\. \(emotion: curious, intensity: 0\.60\) \[id:mem_[ab][0-9a-f]{11}\]$/;

describe('workspace sync across processes', () => {
  let workspace: string;

  beforeEach(async () => {
    workspace = await temporaryDirectory('workspace-processes');
  });

  afterEach(() => removeDirectory(workspace));

  it('never loses, duplicates or interleaves lines when two processes append to the same files', async () => {
    const results = await Promise.all(['a', 'b'].map((prefix) => runWriter(workspace, prefix, PER_PROCESS)));
    for (const result of results) expect(result).toEqual({ code: 0, stdout: 'done\n', stderr: '' });

    const expected = ['a', 'b'].flatMap((prefix) =>
      Array.from({ length: PER_PROCESS }, (_, index) => concurrentMemory(prefix, index)),
    );
    const daily = (await readFile(join(workspace, 'memory/2026-11-21.md'), 'utf8')).split('\n');
    expect(daily.slice(0, 2)).toEqual(['# Memory Log 2026-11-21', '']);
    expect(daily[daily.length - 1]).toBe('');
    const lines = daily.slice(2, -1);
    expect(lines).toHaveLength(expected.length);
    expect(lines.filter((line) => !DAILY_LINE.test(line))).toEqual([]);
    expect([...lines].sort()).toEqual(expected.map(expectedDailyLine).sort());

    const curated = (await readFile(join(workspace, 'MEMORY.md'), 'utf8')).split('\n');
    expect(curated.slice(0, 2)).toEqual(['# Curated Memory', '']);
    expect(curated.slice(2, -1).sort()).toEqual(
      expected
        .filter((entry) => entry.importance >= 4)
        .map(expectedCuratedLine)
        .sort(),
    );

    expect(await listTree(workspace)).toEqual(['MEMORY.md', 'memory/', 'memory/2026-11-21.md']);
  });
});

function runWriter(
  dir: string,
  prefix: string,
  count: number,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const root = repositoryRoot();
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, dir, prefix, String(count)], {
    cwd: root,
    env: { ...process.env, TSX_TSCONFIG_PATH: join(root, 'tsconfig.json') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function repositoryRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'tsconfig.base.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('repository root not found');
    dir = parent;
  }
  return dir;
}
