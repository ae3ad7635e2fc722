/**
 * A use case is one operation of the product, served by the edge: it never calls another use case
 * (shared work lives in a service or a pure domain function that both use), so that what one
 * operation does can be read in one place.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

function useCaseFiles(): string[] {
  return execSync("git ls-files 'libs/*.use-case.ts'", { cwd: ROOT, encoding: 'utf8' }).trim().split('\n');
}

describe('use cases', () => {
  const files = useCaseFiles();

  it('finds the use cases', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('never inject another use case', () => {
    const calling = files.flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(/@inject\((\w+UseCase)\)/g)].map(
        (match) => `${file} injects ${match[1]}`,
      ),
    );
    expect(calling).toEqual([]);
  });
});
