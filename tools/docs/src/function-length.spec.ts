/**
 * No function over 80 lines outside the tests: a longer one does several things, and each deserves a
 * name. Measured on the syntax tree (TypeScript's parser): a function, method, accessor, constructor or
 * arrow function counts from its first line to its last, nested functions included. Tests (`*.spec.ts`,
 * test kits and harnesses under `testing/`, the contract suites of libs/testing) are left out: a
 * `describe` block is a list of cases, not a step of the product.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..', '..');
const MAX_LINES = 80;

function sourceFiles(): string[] {
  return execSync("git ls-files '*.ts' '*.tsx'", { cwd: ROOT, encoding: 'utf8' })
    .trim()
    .split('\n')
    .filter((file) => !/\.spec\.tsx?$/.test(file) && !/(^|\/)testing\//.test(file));
}

/** Every function of the file longer than MAX_LINES, as `file:line name (N lines)`. */
function longFunctions(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const line = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = line(node.getStart(source));
      const lines = line(node.getEnd()) - first + 1;
      if (lines > MAX_LINES) found.push(`${file}:${first} ${nameOf(node)} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Its own name, or the name of what holds it (`const f = () => …`, `{ f: () => … }`). */
function nameOf(node: ts.SignatureDeclaration): string {
  const named = node.name ?? (node.parent as { name?: ts.Node }).name;
  return named ? named.getText() : '(anonymous)';
}

describe('function length', () => {
  const files = sourceFiles();

  it('reads the sources', () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it(`keeps every function outside the tests within ${MAX_LINES} lines`, () => {
    expect(files.flatMap(longFunctions)).toEqual([]);
  });
});
