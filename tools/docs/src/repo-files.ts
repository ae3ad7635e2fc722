/** The repository's files as the code-structure specs read them: tracked by git, read as text. */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..', '..');

/** The tracked files that match a git pathspec, paths relative to the root. */
export function gitFiles(pattern: string): string[] {
  return execSync(`git ls-files '${pattern}'`, { cwd: ROOT, encoding: 'utf8' })
    .trim()
    .split('\n')
    .filter(Boolean);
}

export const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
