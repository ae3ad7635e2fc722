/**
 * The docs that repeat the table of operations agree with it: the generated sections (docs/mcp.md's
 * tool table, docs/behaviour.md's tool list) are what `npm run docs:generate` writes, and the README's
 * tool table, written for a newcomer, names every tool once and no other.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPERATIONS } from '@kioku/operations';
import { generatedDocs, ROOT } from './operation-docs';

/** The tool names in the first column of the README's tool table (a row may name two: `a` / `b`). */
function readmeTools(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const table = readme.split('\n## Tools\n')[1].split('\n## ')[0];
  return table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([a-z_]+)`/g)].map((match) => match[1]));
}

describe('docs generated from the table of operations', () => {
  it.each(['docs/mcp.md', 'docs/behaviour.md'])('%s is current (else run npm run docs:generate)', (file) => {
    const doc = generatedDocs().find((candidate) => candidate.file === file);
    expect(doc?.current).toBe(doc?.generated);
  });

  it("the README's tool table names every tool once and no other", () => {
    const ids = OPERATIONS.map((operation) => operation.id);
    expect(readmeTools().sort()).toEqual([...ids].sort());
  });

  it('the README has one Tools section', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme.match(/^## Tools$/gm)).toHaveLength(1);
  });
});
