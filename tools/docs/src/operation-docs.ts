/**
 * The parts of the docs that repeat the table of operations (`OPERATIONS`), generated from it: the
 * tool table of docs/mcp.md and the tool list of docs/behaviour.md §8.1, each between
 * `<!-- generated: NAME -->` and `<!-- end: NAME -->`. `npm run docs:generate` writes them;
 * generated-docs.spec.ts fails while a file differs from what it would write.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPERATIONS } from '@kioku/operations';

export const ROOT = join(__dirname, '..', '..', '..');

interface GeneratedSection {
  /** The file, relative to the repository root. */
  file: string;
  name: string;
  render(): string;
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** A Markdown table laid out as Prettier lays it out (cells padded to their column's width), so formatting leaves it alone. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((_, column) =>
    Math.max(3, ...[header, ...rows].map((row) => row[column].length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

function toolTable(): string {
  const rows = OPERATIONS.map(({ id, title, hints, http }) => [
    `\`${id}\``,
    title,
    yesNo(hints.readOnlyHint),
    yesNo(hints.destructiveHint),
    yesNo(hints.idempotentHint),
    http.map((route) => `\`${route.method} ${route.path}\``).join(', '),
  ]);
  return table(['tool', 'title', 'read-only', 'destructive', 'idempotent', 'REST'], rows);
}

function toolList(): string {
  const names = OPERATIONS.map((operation) => `\`${operation.id}\``).join(', ');
  return `Tools, in the order \`tools/list\` gives them: ${names}.`;
}

const SECTIONS: GeneratedSection[] = [
  { file: 'docs/mcp.md', name: 'tool-table', render: toolTable },
  { file: 'docs/behaviour.md', name: 'tool-list', render: toolList },
];

/** The markdown with the named section's body replaced; a file without the section's markers is an error. */
function withSection(markdown: string, name: string, body: string): string {
  const start = `<!-- generated: ${name} -->`;
  const end = `<!-- end: ${name} -->`;
  const from = markdown.indexOf(start);
  const to = markdown.indexOf(end);
  if (from < 0 || to < from) throw new Error(`No section "${start}" … "${end}" in the file.`);
  return `${markdown.slice(0, from + start.length)}\n\n${body}\n\n${markdown.slice(to)}`;
}

/** Each file with generated sections: as it is, and as the generator would write it. */
export function generatedDocs(): { file: string; current: string; generated: string }[] {
  return [...new Set(SECTIONS.map((section) => section.file))].map((file) => {
    const current = readFileSync(join(ROOT, file), 'utf8');
    const generated = SECTIONS.filter((section) => section.file === file).reduce(
      (text, section) => withSection(text, section.name, section.render()),
      current,
    );
    return { file, current, generated };
  });
}
