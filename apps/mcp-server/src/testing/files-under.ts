/** Test helper: every regular file below a directory, with its text. */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function filesUnder(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { recursive: true })
    .map((entry) => join(dir, String(entry)))
    .filter((path) => statSync(path, { throwIfNoEntry: false })?.isFile())
    .map((path) => ({ path, text: readFileSync(path, 'latin1') }));
}
