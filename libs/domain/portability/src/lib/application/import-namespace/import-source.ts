/**
 * Where an import reads from. The import reads its input twice (a validating pass, then the writing
 * pass), so a source opens afresh each time; stdin is spooled to a file first by the caller.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

export interface ImportSource {
  /** The input's lines, without their line breaks, from the first. */
  lines(): AsyncIterable<string>;
}

/** A file read line by line (bounded memory). */
export function fileImportSource(path: string): ImportSource {
  return {
    lines: () =>
      createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity }),
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
