/**
 * Whether kioku may run code from a folder: it must be a real folder (not a link), owned by this user,
 * and writable by nobody else — otherwise another local user could have put a package of
 * their own there (a world-writable folder was accepted before, in 2 ms). Windows has no POSIX modes:
 * there the folder is under the user profile or kioku's own package, whose ACLs decide.
 */
import { lstatSync } from 'node:fs';

/** Whose folders are trusted, and how permissions are told (this process's, unless a test says). */
export interface FolderOwner {
  platform?: NodeJS.Platform;
  uid?: number;
}

/** Why the folder is not safe to run code from, or undefined when it is. */
export function untrustedFolder(folder: string, owner: FolderOwner = {}): string | undefined {
  const stats = lstatSync(folder, { throwIfNoEntry: false });
  if (!stats) return 'it does not exist';
  if (stats.isSymbolicLink()) return 'it is a symbolic link';
  if (!stats.isDirectory()) return 'it is not a folder';
  if ((owner.platform ?? process.platform) === 'win32') return undefined;
  const uid = owner.uid ?? process.getuid?.();
  if (uid !== undefined && stats.uid !== uid) return `it belongs to another user (uid ${stats.uid})`;
  if ((stats.mode & 0o022) !== 0) return `others may write to it (mode ${(stats.mode & 0o777).toString(8)})`;
  return undefined;
}
