/** Runs every project's tests in one Jest process (one summary, one JSON report for CI). */
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

function projectDirs(): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (existsSync(join(dir, 'jest.config.ts')) && dir !== __dirname) found.push(dir);
    if (depth === 0) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.')) {
        walk(join(dir, entry.name), depth - 1);
      }
    }
  };
  for (const top of ['apps', 'libs', 'tools']) walk(join(__dirname, top), 3);
  return found;
}

// testTimeout is a global option: Jest ignores it inside project configs.
export default {
  projects: projectDirs(),
  testTimeout: 60_000,
  globalSetup: join(__dirname, 'tools', 'scripts', 'jest-global-setup.js'),
};
