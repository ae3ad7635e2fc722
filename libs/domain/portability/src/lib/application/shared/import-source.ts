/**
 * Where an import reads from. The import reads its input twice (a validating pass, then the writing
 * pass), so a source opens afresh each time; stdin is spooled to a file first by the caller. A
 * gzipped file (the worker's backups) is recognised by its first two bytes and read through gunzip.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { ExportFormatError } from '../format/export-format.errors';

export interface ImportSource {
  /** The input's lines, without their line breaks, from the first. */
  lines(): AsyncIterable<string>;
}

/** A file, plain or gzipped, read line by line (bounded memory). */
export function fileImportSource(path: string): ImportSource {
  return {
    async *lines() {
      // Sniffed before the stream opens, so a missing file rejects here instead of failing a stream no one listens to.
      const gzipped = await isGzip(path);
      const file = createReadStream(path);
      const input: Readable = gzipped ? file.pipe(createGunzip()) : file;
      // A damaged gzip stream fails the gunzip, not the file: pass that failure on to the reader.
      file.on('error', (error) => input.destroy(error));
      let read = 0;
      try {
        for await (const line of createInterface({ input: input.setEncoding('utf8'), crlfDelay: Infinity })) {
          read++;
          yield line;
        }
      } catch (error) {
        if (!isZlibError(error)) throw error;
        throw new ExportFormatError(read + 1, 'the gzip data is damaged or cut off (a truncated backup?)');
      }
    },
  };
}

/** Lines already in memory (tests, small inputs). */
export function textImportSource(text: string): ImportSource {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return {
    async *lines() {
      yield* lines;
    },
  };
}

const GZIP_MAGIC = [0x1f, 0x8b];

async function isGzip(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === GZIP_MAGIC[0] && buffer[1] === GZIP_MAGIC[1];
  } finally {
    await handle.close();
  }
}

/** zlib's errors carry a `Z_*` code (Z_BUF_ERROR: cut off; Z_DATA_ERROR: damaged). */
function isZlibError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' && code.startsWith('Z_');
}
