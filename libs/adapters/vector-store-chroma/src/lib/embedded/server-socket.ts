/**
 * Where the managed Chroma server's Unix socket goes (Linux, where the server runs in a network
 * namespace of its own and the socket is the only way in). A Unix socket path holds at most 107 bytes,
 * so a long data dir path cannot hold it: then it goes in a private folder of this user's with a short
 * path (`<tmp>/kioku-<uid>`, 0700), named after the data dir so that every process on that data dir
 * finds the same one. A long path used to drop the server to an open TCP port.
 */
import { createHash } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { untrustedFolder } from './trusted-folder';

/** Longest Unix socket path Linux accepts (sun_path is 108 bytes with the terminating NUL). */
const MAX_SOCKET_PATH_BYTES = 107;

export type SocketPlace = { path: string } | { problem: string };

/** The socket for the server of `dataDir`: in the data dir when it fits, else in the short private folder. */
export function serverSocket(dataDir: string, shortRoot = tmpdir()): SocketPlace {
  const inDataDir = join(dataDir, 'chroma.sock');
  if (fits(inDataDir)) return { path: inDataDir };
  const folder = join(shortRoot, `kioku-${process.getuid?.() ?? 'user'}`);
  const path = join(folder, `chroma-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}.sock`);
  if (!fits(path))
    return {
      problem: 'neither the data dir nor the temporary folder has a path short enough for a Unix socket',
    };
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    // Ours but opened up (by hand, an old umask): nobody else may reach the socket, even for a moment.
    const stats = lstatSync(folder);
    if (stats.isDirectory() && stats.uid === process.getuid?.()) chmodSync(folder, 0o700);
  } catch (error) {
    return { problem: `${folder} cannot be made (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  const problem = untrustedFolder(folder);
  return problem ? { problem: `${folder} is not private: ${problem}` } : { path };
}

function fits(path: string): boolean {
  return Buffer.byteLength(path) <= MAX_SOCKET_PATH_BYTES;
}
