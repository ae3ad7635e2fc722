/**
 * Where the backup job keeps a namespace's backups and which of them it keeps: one folder per
 * namespace under the backup dir (0700), files named `kioku-<namespace>-<UTC instant>.jsonl.gz`
 * (0600), whose names sort in time order, so rotation keeps the newest `keep` by name alone. A backup
 * is written under a temporary name and renamed when complete: a file with the final name is always
 * whole, and a run killed half-way leaves only a `.partial` file, which the next run removes.
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

const PREFIX = 'kioku-';
const SUFFIX = '.jsonl.gz';
const PARTIAL = '.partial';

/** The folder of one namespace's backups (created 0700 with its parents). */
export async function backupFolder(backupDir: string, namespace: string): Promise<string> {
  const folder = join(backupDir, namespace);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  return folder;
}

/** The file name of a backup taken at `at`: `kioku-<ns>-20261125T020000Z.jsonl.gz`. */
export function backupFileName(namespace: string, at: Date): string {
  const instant = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `${PREFIX}${namespace}-${instant}${SUFFIX}`;
}

/** The temporary name a backup is written under until it is complete. */
export function partialName(fileName: string, pid: number): string {
  return `${fileName}${PARTIAL}-${pid}`;
}

/** The namespace's complete backups, oldest first. */
async function listBackups(folder: string, namespace: string): Promise<string[]> {
  const own = `${PREFIX}${namespace}-`;
  return (await readdir(folder)).filter((name) => name.startsWith(own) && name.endsWith(SUFFIX)).sort();
}

/**
 * Removes all but the newest `keep` backups of the namespace, and temporary files left by runs that
 * were killed (another worker never writes here at the same time: the job holds the namespace's lease).
 * Returns the names removed.
 */
export async function rotateBackups(folder: string, namespace: string, keep: number): Promise<string[]> {
  const backups = await listBackups(folder, namespace);
  const stale = (await readdir(folder)).filter((name) => name.includes(`${SUFFIX}${PARTIAL}-`));
  const removed = [...backups.slice(0, Math.max(0, backups.length - keep)), ...stale];
  for (const name of removed) await rm(join(folder, name), { force: true });
  return removed;
}
