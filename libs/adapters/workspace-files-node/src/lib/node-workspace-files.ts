/**
 * WorkspaceFiles on the local file system. The workspace directory is resolved to its real absolute
 * path once, on first use (and created if missing); every file is one of the fixed names of
 * the port's `workspace-paths`, and its folder must resolve to exactly `<workspace>` or `<workspace>/memory`, so a
 * `memory/` that is a symlink (to anywhere) is refused rather than followed. Files are opened without
 * following symlinks and must be regular files.
 *
 * Each read-modify-write holds two locks: an in-process queue per file (so concurrent calls in one
 * process do not poll each other) and the kernel's O_EXCL lock file `.<name>.lock` next to the file
 * (so two kioku processes never interleave or lose lines; a lock left by a dead process is taken over).
 * Writes go to a hidden temporary file in the same folder, are fsynced, then renamed over the file.
 */
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, realpath, rename, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { TurnsByKey } from '@kioku/concurrency';
import { acquireLock } from '@kioku/file-lock';
import {
  isDailyLogName,
  isWorkspaceFile,
  MEMORY_FOLDER,
  WorkspacePathRefusedError,
  type FileChange,
  type FileUpdateOutcome,
  type WorkspaceFiles,
} from '@kioku/workspace-files';

export interface NodeWorkspaceFilesOptions {
  /** How long an update waits for another writer's lock before it fails (ms). */
  lockTimeoutMs?: number;
  /** How often a waiting update checks the lock again (ms). */
  lockPollMs?: number;
}

const DEFAULT_LOCK_TIMEOUT_MS = 5_000;
const DEFAULT_LOCK_POLL_MS = 10;

/** Updates of one absolute file path take turns, across every instance in this process. */
const fileTurns = new TurnsByKey();

export class NodeWorkspaceFiles implements WorkspaceFiles {
  private root: string | undefined;
  private readonly lockTimeoutMs: number;
  private readonly lockPollMs: number;

  constructor(
    private readonly dir: string,
    options: NodeWorkspaceFilesOptions = {},
  ) {
    this.lockTimeoutMs = options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS;
    this.lockPollMs = options.lockPollMs ?? DEFAULT_LOCK_POLL_MS;
  }

  async read(file: string): Promise<string | null> {
    const target = await this.locate(file, false);
    return target === null ? null : readRegularFile(target, file);
  }

  async update(file: string, change: FileChange): Promise<FileUpdateOutcome> {
    const target = (await this.locate(file, true)) as string;
    return fileTurns.run(target, async () => {
      const release = await acquireLock(lockFileFor(target), {
        timeoutMs: this.lockTimeoutMs,
        pollMs: this.lockPollMs,
      });
      try {
        const current = await readRegularFile(target, file);
        const next = change(current);
        if (next === current) return 'unchanged';
        if (next === null) {
          await unlink(target);
          await syncFolder(dirname(target));
          return 'deleted';
        }
        await writeAtomically(target, next);
        return 'written';
      } finally {
        release?.();
      }
    });
  }

  async listDailyLogs(): Promise<string[]> {
    const folder = await this.folder(MEMORY_FOLDER, MEMORY_FOLDER, false);
    if (folder === null) return [];
    const entries = await readdir(folder, { withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && isDailyLogName(entry.name))
      .map((entry) => `${MEMORY_FOLDER}/${entry.name}`)
      .sort();
  }

  /** The absolute path of a workspace file; null when its folder is missing and `create` is false. */
  private async locate(file: string, create: boolean): Promise<string | null> {
    if (!isWorkspaceFile(file)) throw new WorkspacePathRefusedError(file, 'not_a_workspace_file');
    const folder = await this.folder(dirname(file), file, create);
    return folder === null ? null : join(folder, basename(file));
  }

  /** `<root>` or `<root>/memory`, after checking that its real path is exactly that. */
  private async folder(relative: string, file: string, create: boolean): Promise<string | null> {
    const root = await this.workspaceRoot();
    const expected = relative === '.' ? root : join(root, relative);
    let real = await realpathOrNull(expected);
    if (real === null) {
      if (!create) return null;
      await mkdir(expected).catch((error: unknown) => {
        if (errorCode(error) !== 'EEXIST') throw error;
      });
      real = await realpathOrNull(expected);
    }
    if (real !== expected) throw new WorkspacePathRefusedError(file, 'outside_workspace');
    return expected;
  }

  private async workspaceRoot(): Promise<string> {
    if (this.root === undefined) {
      const absolute = resolve(this.dir);
      await mkdir(absolute, { recursive: true });
      this.root = await realpath(absolute);
    }
    return this.root;
  }
}

function lockFileFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.lock`);
}

/** The text of a regular file, null when missing; never follows a symlink, never blocks on a pipe. */
async function readRegularFile(target: string, file: string): Promise<string | null> {
  let handle: FileHandle;
  try {
    handle = await open(target, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    if (errorCode(error) === 'ELOOP') throw new WorkspacePathRefusedError(file, 'symlink');
    throw error;
  }
  try {
    if (!(await handle.stat()).isFile()) throw new WorkspacePathRefusedError(file, 'not_a_regular_file');
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/** Temp file in the same folder, fsync, rename; the temp file is removed if anything fails. */
async function writeAtomically(target: string, text: string): Promise<void> {
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomUUID()}.tmp`);
  const mode = await permissionsOf(target);
  let handle: FileHandle | undefined;
  try {
    handle = await open(temp, 'wx');
    if (mode !== undefined) await handle.chmod(mode);
    await handle.writeFile(text, 'utf8');
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temp, target);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncFolder(dirname(target));
}

/** The permission bits of an existing file, so a rewrite keeps them; undefined for a new file. */
async function permissionsOf(target: string): Promise<number | undefined> {
  try {
    return (await lstat(target)).mode & 0o777;
  } catch {
    return undefined;
  }
}

/** Makes a rename or unlink durable; best effort (some file systems refuse to fsync a folder). */
async function syncFolder(folder: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(folder, constants.O_RDONLY);
    await handle.sync();
  } catch {
    // durability of the folder entry is a bonus; the file's own data is already synced
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

async function realpathOrNull(path: string): Promise<string | null> {
  try {
    return await realpath(path);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}
