/**
 * Temporary directories for specs that touch the file system, and a listing of every entry under one
 * (to prove nothing else was written).
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

export function temporaryDirectory(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `kioku-${prefix}-`));
}

export function removeDirectory(path: string): Promise<void> {
  return rm(path, { recursive: true, force: true });
}

/** Every entry under `root` (relative paths, folders with a trailing `/`), sorted; symlinks not followed. */
export async function listTree(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  return entries
    .map((entry) => {
      const path = relative(root, join(entry.parentPath, entry.name));
      return entry.isDirectory() ? `${path}/` : path;
    })
    .sort();
}
