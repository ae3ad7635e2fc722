/**
 * Lines identified by their trailing `[id:<memory_id>]` marker (design note 000 §B): adding a line at most once
 * per file, replacing it with a newer version, removing it. Pure: text in, text out.
 *
 * A line carries a memory's marker only when the marker ends the line. Content sits before the
 * `(emotion: …)` part of a line, so a memory whose text quotes another memory's marker never makes
 * that other memory's deletion remove its line.
 */
import { idMarker } from './workspace-entry.format';

/** True when the line ends with `[id:<id>]` (after a space, or alone). */
export function carriesMarker(line: string, id: string): boolean {
  const marker = idMarker(id);
  const trimmed = line.trimEnd();
  if (!trimmed.endsWith(marker)) return false;
  const before = trimmed.length - marker.length - 1;
  return before < 0 || /\s/.test(trimmed[before]);
}

/** True when any line of the text carries the id's marker. */
export function hasEntry(text: string, id: string): boolean {
  return text.includes(idMarker(id)) && text.split('\n').some((line) => carriesMarker(line, id));
}

/**
 * The text with exactly one line for the id: appended when absent (a missing or empty file starts with
 * `header`), otherwise the first such line is replaced in place and any further ones are dropped.
 * Returns the input unchanged when it already holds exactly that line once.
 */
export function upsertEntry(current: string | null, header: string, id: string, line: string): string {
  if (current === null || current === '') return `${header}${line}\n`;
  const lines = current.split('\n');
  const first = lines.findIndex((candidate) => carriesMarker(candidate, id));
  if (first < 0) return `${current.endsWith('\n') ? current : `${current}\n`}${line}\n`;
  return lines
    .filter((candidate, index) => index === first || !carriesMarker(candidate, id))
    .map((candidate, index) => (index === first ? line : candidate))
    .join('\n');
}

/** The text without the lines that carry the id's marker; every other byte is kept. */
export function removeEntries(text: string, id: string): string {
  if (!text.includes(idMarker(id))) return text;
  return text
    .split('\n')
    .filter((line) => !carriesMarker(line, id))
    .join('\n');
}
