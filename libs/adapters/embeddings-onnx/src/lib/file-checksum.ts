/** SHA-256 of a file's bytes, streamed (a model is tens of MB). */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** Lower-case hex digest, or undefined when the file does not exist. */
export async function fileSha256(path: string): Promise<string | undefined> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return hash.digest('hex');
}
