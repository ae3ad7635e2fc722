/**
 * The documentation holds together: every relative Markdown link in the README, CONTRIBUTING.md,
 * docs/ and the package READMEs names a file of the repository, and an `#anchor` names a heading of
 * that file. The README stays a newcomer's page (at most 250 lines); reference lives in docs/.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'tmp', 'test-results']);
const README_MAX_LINES = 250;

function markdownFiles(): string[] {
  const files = ['README.md', 'CONTRIBUTING.md'].map((name) => join(ROOT, name));
  const walk = (path: string) => {
    for (const entry of readdirSync(path)) {
      if (SKIPPED_DIRS.has(entry) || entry.startsWith('.')) continue;
      const child = join(path, entry);
      if (statSync(child).isDirectory()) walk(child);
      else if (entry.endsWith('.md')) files.push(child);
    }
  };
  for (const top of ['docs', 'apps', 'libs', 'tools', 'docker', 'deploy']) walk(join(ROOT, top));
  return files;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings (outside code fences). */
function anchors(file: string): Set<string> {
  const found = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.*)$/.exec(line);
    if (heading) found.add(slug(heading[1].trim()));
  }
  return found;
}

/** Relative links `[text](target)` outside code fences and inline code, with their line numbers. */
function relativeLinks(file: string): { line: number; target: string }[] {
  const links: { line: number; target: string }[] = [];
  let fenced = false;
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, index) => {
      if (text.startsWith('```')) fenced = !fenced;
      if (fenced) return;
      for (const match of text.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!/^[a-z]+:/i.test(match[1])) links.push({ line: index + 1, target: match[1] });
      }
    });
  return links;
}

describe('documentation links', () => {
  const files = markdownFiles();

  it('finds the documents', () => {
    expect(files.length).toBeGreaterThan(15);
  });

  it('every relative link names an existing file, and its anchor an existing heading', () => {
    const broken: string[] = [];
    for (const file of files) {
      for (const { line, target } of relativeLinks(file)) {
        const [path, anchor] = target.split('#');
        const resolved = path === '' ? file : join(dirname(file), decodeURIComponent(path));
        const where = `${relative(ROOT, file)}:${line} → ${target}`;
        if (!existsSync(resolved)) broken.push(`${where} (no such file)`);
        else if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor)) {
          broken.push(`${where} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('the README stays a newcomer page', () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });
});
