/**
 * Finds the Jest project configs of the workspace: every `<file>` under apps/, libs/ and tools/
 * (three levels deep, as the projects sit). The root configs gather them, so that one Jest process
 * runs every project's unit specs (`jest.config.ts`) or integration specs (`jest.int.config.ts`).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export function projectConfigs(root: string, file: 'jest.config.ts' | 'jest.int.config.ts'): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (existsSync(join(dir, file))) found.push(join(dir, file));
    if (depth === 0) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.')) {
        walk(join(dir, entry.name), depth - 1);
      }
    }
  };
  for (const top of ['apps', 'libs', 'tools']) walk(join(root, top), 3);
  return found;
}
