/**
 * The journal's files: a directory per topic, one append-only file of JSON lines per minute
 * (`<minute since the epoch>.jsonl`). Files are never renamed or truncated, so a follower's offset in
 * a file stays valid; old minutes are deleted once nobody can still be writing to them.
 */
export const MINUTE_MS = 60_000;

const FILE_NAME = /^(\d+)\.jsonl$/;

export function minuteFile(nowMs: number): string {
  return `${Math.floor(nowMs / MINUTE_MS)}.jsonl`;
}

/** The minute a journal file holds, or undefined for any other file. */
export function minuteOf(name: string): number | undefined {
  const match = FILE_NAME.exec(name);
  return match ? Number(match[1]) : undefined;
}

/** The journal files among `names`, oldest minute first. */
export function journalFiles(names: string[]): string[] {
  return names
    .filter((name) => minuteOf(name) !== undefined)
    .sort((a, b) => (minuteOf(a) ?? 0) - (minuteOf(b) ?? 0));
}
