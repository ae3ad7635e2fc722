/**
 * Every citation in the repository resolves inside it: `behaviour §4.5` (also `§4.5, §7` and
 * `§4.1–§4.4` after it) must name a section heading of docs/behaviour.md, and `design note 000 §B`
 * (also `design notes 000/001`, `002 §B and 000 §E`) a note and subsection of docs/design-notes.md.
 * Markdown links into those two files must name an existing heading, and the old citations of
 * documents outside the repository must not come back.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const BEHAVIOUR = join(ROOT, 'docs', 'behaviour.md');
const DESIGN_NOTES = join(ROOT, 'docs', 'design-notes.md');
const SCANNED = ['apps', 'libs', 'tools', 'docker', 'docs', 'bin', 'README.md'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'tmp']);
const TEXT_FILE = /\.(ts|js|mjs|cjs|json|md|ya?ml|sh)$|(^|\/)(Dockerfile[^/]*|kioku)$/;

/** Written in two parts so that this file does not match itself. */
const OUTSIDE_CITATIONS = [new RegExp('SPE' + 'C\\s*§'), new RegExp('\\bseeds? 0\\d\\d', 'i')];

const SECTION = String.raw`§\d+(?:\.\d+)*`;
const BEHAVIOUR_CITATION = new RegExp(String.raw`behaviour (${SECTION}(?:(?:, |–|-| and )${SECTION})*)`, 'g');
const NOTE_ITEM = String.raw`\d{3}(?: (?:§[A-Z0-9]+|FR-\d+))?`;
const NOTE_CITATION = new RegExp(
  String.raw`design notes? (${NOTE_ITEM}(?:(?:, ?|/| and )${NOTE_ITEM})*)`,
  'gi',
);
const DOC_LINK = /(behaviour|design-notes)\.md#([a-z0-9-]+)/g;

interface Citation {
  file: string;
  line: number;
  cited: string;
}

function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (path: string) => {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (!SKIPPED_DIRS.has(entry) && !entry.startsWith('.')) walk(join(path, entry));
      }
    } else if (TEXT_FILE.test(relative(ROOT, path))) {
      files.push(path);
    }
  };
  for (const top of SCANNED) walk(join(ROOT, top));
  return files;
}

function findAll(files: string[], pattern: RegExp, pick: (match: RegExpExecArray) => string[]): Citation[] {
  const found: Citation[] = [];
  for (const file of files) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, index) => {
        for (const match of text.matchAll(pattern)) {
          for (const cited of pick(match)) found.push({ file: relative(ROOT, file), line: index + 1, cited });
        }
      });
  }
  return found;
}

function headings(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => line.replace(/^#+ /, '').trim());
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

const where = (c: Citation) => `${c.file}:${c.line} cites ${c.cited}`;

describe('citations resolve inside the repository', () => {
  const files = sourceFiles();
  const behaviourHeadings = headings(readFileSync(BEHAVIOUR, 'utf8'));
  const noteHeadings = headings(readFileSync(DESIGN_NOTES, 'utf8'));
  const sections = new Set(
    behaviourHeadings.flatMap((h) => {
      const match = /^§(\d+(?:\.\d+)*) /.exec(h);
      return match ? [match[1]] : [];
    }),
  );

  it('finds the sources and the numbered sections', () => {
    expect(files.length).toBeGreaterThan(100);
    expect([...sections]).toEqual(expect.arrayContaining(['1', '2.1', '4.2', '4.11', '11']));
  });

  it('every "behaviour §x" names a section heading of docs/behaviour.md', () => {
    const citations = findAll(files, BEHAVIOUR_CITATION, (m) =>
      [...m[1].matchAll(/§(\d+(?:\.\d+)*)/g)].map((s) => s[1]),
    );
    expect(citations.length).toBeGreaterThan(100);
    expect(citations.filter((c) => !sections.has(c.cited)).map(where)).toEqual([]);
  });

  it('every "design note NNN" names a note (and subsection) of docs/design-notes.md', () => {
    const notes = new Set(noteHeadings.flatMap((h) => /^Design note (\d{3})\b/.exec(h)?.[1] ?? []));
    const subsections = new Set(
      noteHeadings.flatMap((h) => /^(\d{3} (?:§[A-Z0-9]+|FR-\d+))\s/.exec(h)?.[1] ?? []),
    );
    const citations = findAll(files, NOTE_CITATION, (m) => m[1].split(/, ?|\/| and /));
    expect(citations.length).toBeGreaterThan(10);
    const unresolved = citations.filter((c) => {
      const [note, sub] = c.cited.split(' ');
      return !notes.has(note) || (sub !== undefined && !subsections.has(c.cited));
    });
    expect(unresolved.map(where)).toEqual([]);
  });

  it('every link into the two documents names an existing heading', () => {
    const anchors = {
      behaviour: new Set(behaviourHeadings.map(slug)),
      'design-notes': new Set(noteHeadings.map(slug)),
    };
    const links = findAll(files, DOC_LINK, (m) => [`${m[1]}#${m[2]}`]);
    const broken = links.filter((c) => {
      const [doc, anchor] = c.cited.split('#') as [keyof typeof anchors, string];
      return !anchors[doc].has(anchor);
    });
    expect(broken.map(where)).toEqual([]);
  });

  it('nothing cites the documents that live outside the repository', () => {
    const stale = OUTSIDE_CITATIONS.flatMap((pattern) =>
      findAll(files, new RegExp(pattern.source, pattern.flags + 'g'), (m) => [m[0]]),
    );
    expect(stale.map(where)).toEqual([]);
  });
});
