/**
 * NodeWorkspaceFiles on a real temporary directory: atomic writes, the per-file lock, symlink and path
 * refusals, and cleanup after a failed write.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LockTimeoutError } from '@kioku/file-lock';
import { listTree, removeDirectory, temporaryDirectory } from '@kioku/testing-fakes';
import { WorkspacePathRefusedError } from '@kioku/workspace-files';
import { NodeWorkspaceFiles } from './node-workspace-files';

describe('NodeWorkspaceFiles', () => {
  let base: string;
  let workspace: string;
  let outside: string;

  beforeEach(async () => {
    base = await temporaryDirectory('workspace-files');
    workspace = join(base, 'workspace');
    outside = join(base, 'outside');
    await mkdir(outside);
  });

  afterEach(() => removeDirectory(base));

  it('creates the workspace and memory/ on the first write, and reads back', async () => {
    const files = new NodeWorkspaceFiles(workspace);
    expect(await files.read('memory/2026-11-21.md')).toBeNull();
    expect(await files.listDailyLogs()).toEqual([]);
    expect(await files.update('memory/2026-11-21.md', () => 'hello\n')).toBe('written');
    expect(await files.read('memory/2026-11-21.md')).toBe('hello\n');
    expect(await listTree(workspace)).toEqual(['memory/', 'memory/2026-11-21.md']);
  });

  it('reports unchanged without writing, and deletes on null', async () => {
    const files = new NodeWorkspaceFiles(workspace);
    await files.update('MEMORY.md', () => 'one\n');
    expect(await files.update('MEMORY.md', (current) => current)).toBe('unchanged');
    expect(await files.update('MEMORY.md', () => null)).toBe('deleted');
    expect(existsSync(join(workspace, 'MEMORY.md'))).toBe(false);
    expect(await files.update('MEMORY.md', () => null)).toBe('unchanged');
  });

  it('lists only regular daily-log files, sorted', async () => {
    const files = new NodeWorkspaceFiles(workspace);
    await files.update('memory/2026-11-22.md', () => 'b');
    await files.update('memory/2026-11-21.md', () => 'a');
    await files.update('memory/inner-monologue-latest.md', () => 'c');
    await writeFile(join(workspace, 'memory', 'notes.md'), 'mine');
    await mkdir(join(workspace, 'memory', '2026-11-23.md'));
    await symlink(join(outside, 'x.md'), join(workspace, 'memory', '2026-11-24.md'));
    expect(await files.listDailyLogs()).toEqual(['memory/2026-11-21.md', 'memory/2026-11-22.md']);
  });

  it.each(['../escape.md', 'memory/../../escape.md', '/tmp/escape.md', 'memory/notes.md', 'notes.md'])(
    'refuses a path it does not own: %s',
    async (file) => {
      const files = new NodeWorkspaceFiles(workspace);
      await expect(files.update(file, () => 'x')).rejects.toMatchObject({ reason: 'not_a_workspace_file' });
      await expect(files.read(file)).rejects.toBeInstanceOf(WorkspacePathRefusedError);
      expect(await listTree(base)).toEqual(['outside/']);
    },
  );

  it.each([
    ['outside the workspace', (base: string) => join(base, 'outside')],
    ['inside the workspace', (base: string) => join(base, 'workspace', 'elsewhere')],
  ])('refuses a memory/ that is a symlink %s and writes nothing', async (_, target) => {
    await mkdir(workspace);
    await mkdir(target(base), { recursive: true });
    await symlink(target(base), join(workspace, 'memory'));
    const files = new NodeWorkspaceFiles(workspace);
    await expect(files.update('memory/2026-11-21.md', () => 'x')).rejects.toMatchObject({
      code: 'WORKSPACE_PATH_REFUSED',
      reason: 'outside_workspace',
    });
    await expect(files.read('memory/2026-11-21.md')).rejects.toBeInstanceOf(WorkspacePathRefusedError);
    await expect(files.listDailyLogs()).rejects.toBeInstanceOf(WorkspacePathRefusedError);
    expect(await listTree(outside)).toEqual([]);
    expect((await listTree(workspace)).filter((entry) => !entry.startsWith('elsewhere'))).toEqual(['memory']);
  });

  it('refuses a dangling memory/ symlink', async () => {
    await mkdir(workspace);
    await symlink(join(outside, 'missing'), join(workspace, 'memory'));
    const files = new NodeWorkspaceFiles(workspace);
    await expect(files.update('memory/2026-11-21.md', () => 'x')).rejects.toBeInstanceOf(
      WorkspacePathRefusedError,
    );
    expect(await listTree(outside)).toEqual([]);
  });

  it('refuses a file that is a symlink, leaving its target untouched', async () => {
    await mkdir(workspace);
    await writeFile(join(outside, 'secret.md'), 'outside text');
    await symlink(join(outside, 'secret.md'), join(workspace, 'MEMORY.md'));
    const files = new NodeWorkspaceFiles(workspace);
    await expect(files.read('MEMORY.md')).rejects.toMatchObject({ reason: 'symlink' });
    await expect(files.update('MEMORY.md', () => 'x')).rejects.toMatchObject({ reason: 'symlink' });
    expect(await readFile(join(outside, 'secret.md'), 'utf8')).toBe('outside text');
    expect(await listTree(workspace)).toEqual(['MEMORY.md']);
  });

  it('refuses a file that is a directory', async () => {
    await mkdir(join(workspace, 'MEMORY.md'), { recursive: true });
    const files = new NodeWorkspaceFiles(workspace);
    await expect(files.update('MEMORY.md', () => 'x')).rejects.toMatchObject({
      reason: 'not_a_regular_file',
    });
    expect(await listTree(workspace)).toEqual(['MEMORY.md/']);
  });

  it('resolves a symlinked workspace directory to its real path once', async () => {
    const real = join(base, 'real-workspace');
    await mkdir(real);
    await symlink(real, workspace);
    const files = new NodeWorkspaceFiles(workspace);
    await files.update('memory/2026-11-21.md', () => 'ok');
    expect(await readFile(join(real, 'memory', '2026-11-21.md'), 'utf8')).toBe('ok');
  });

  it('keeps the previous text and leaves no temporary file or lock when the rename fails', async () => {
    const files = new NodeWorkspaceFiles(workspace);
    await files.update('memory/2026-11-21.md', () => 'before\n');
    const target = join(workspace, 'MEMORY.md');
    const failure = files.update('MEMORY.md', () => {
      // A non-empty directory appears where the file goes: the final rename must fail.
      mkdirSync(join(target, 'blocker'), { recursive: true });
      return 'never visible\n';
    });
    await expect(failure).rejects.toMatchObject({
      code: expect.stringMatching(/^(EISDIR|ENOTEMPTY|EEXIST)$/),
    });
    expect(await listTree(workspace)).toEqual([
      'MEMORY.md/',
      'MEMORY.md/blocker/',
      'memory/',
      'memory/2026-11-21.md',
    ]);
    expect(await files.read('memory/2026-11-21.md')).toBe('before\n');
  });

  it('times out on a lock held by a live process and leaves that lock alone', async () => {
    const files = new NodeWorkspaceFiles(workspace, { lockTimeoutMs: 150 });
    await files.update('MEMORY.md', () => 'kept\n');
    const lock = join(workspace, '.MEMORY.md.lock');
    const owner = JSON.stringify({
      pid: process.pid,
      token: 'someone-else',
      createdAt: new Date().toISOString(),
    });
    await writeFile(lock, owner);
    await expect(files.update('MEMORY.md', () => 'new\n')).rejects.toBeInstanceOf(LockTimeoutError);
    expect(await readFile(lock, 'utf8')).toBe(owner);
    expect(await files.read('MEMORY.md')).toBe('kept\n');
    expect(await listTree(workspace)).toEqual(['.MEMORY.md.lock', 'MEMORY.md']);
  });

  it('takes over a lock left by a dead process', async () => {
    const files = new NodeWorkspaceFiles(workspace, { lockTimeoutMs: 1_000 });
    await mkdir(workspace);
    await writeFile(
      join(workspace, '.MEMORY.md.lock'),
      JSON.stringify({ pid: 2 ** 22 + 1, token: 'dead', createdAt: '2020-01-01T00:00:00Z' }),
    );
    expect(await files.update('MEMORY.md', () => 'ok\n')).toBe('written');
    expect(await listTree(workspace)).toEqual(['MEMORY.md']);
  });

  it('serialises concurrent updates of one file in one process (and across instances)', async () => {
    const first = new NodeWorkspaceFiles(workspace);
    const second = new NodeWorkspaceFiles(workspace);
    await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        (index % 2 ? first : second).update(
          'memory/2026-11-21.md',
          (current) => `${current ?? ''}${index}\n`,
        ),
      ),
    );
    const lines = (await first.read('memory/2026-11-21.md'))!.trimEnd().split('\n');
    expect(lines.map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, index) => index));
    expect(await listTree(workspace)).toEqual(['memory/', 'memory/2026-11-21.md']);
  });

  it('keeps the permission bits of an existing file', async () => {
    const files = new NodeWorkspaceFiles(workspace);
    await files.update('MEMORY.md', () => 'one\n');
    await chmod(join(workspace, 'MEMORY.md'), 0o600);
    await files.update('MEMORY.md', () => 'two\n');
    expect((await stat(join(workspace, 'MEMORY.md'))).mode & 0o777).toBe(0o600);
  });
});
