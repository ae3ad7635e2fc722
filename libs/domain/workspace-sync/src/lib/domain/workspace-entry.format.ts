/**
 * What workspace sync writes for one memory (behaviour §6): the daily-log line, the curated line, the latest
 * inner monologue, and the headers of new files. Pure: no I/O, no DI.
 *
 * All dates and times are UTC: a memory's `createdAt` (which may carry any offset) is converted to UTC
 * before it picks the daily log and the `HH:MM` of the line, so every process writes a memory to the
 * same file whatever its local time zone.
 */
import { snippet } from '@kioku/kernel';
import type { Category, Emotion, Memory } from '@kioku/memory';
import { CURATED_FILE, dailyLogFile, INNER_MONOLOGUE_FILE } from '@kioku/workspace-files';

/** The fields of a memory that reach the workspace files. */
export type SyncedMemory = Pick<Memory, 'id' | 'content' | 'createdAt' | 'category' | 'importance'> & {
  emotion: Pick<Emotion, 'primary' | 'intensity'>;
};

/** Categories that always reach MEMORY.md, whatever their importance. */
const CURATED_CATEGORIES: ReadonlySet<Category> = new Set<Category>([
  'introspection',
  'relationship',
  'self_discovery',
  'lesson',
]);
const CURATED_MIN_IMPORTANCE = 4;
/** MEMORY.md lines carry at most this many characters of content (an ellipsis included). */
const CURATED_CONTENT_LIMIT = 180;
const CURATED_HEADER = '# Curated Memory\n\n';
const INNER_MONOLOGUE_TITLE = '# Latest Inner Monologue';

/** A memory's creation instant in UTC: `YYYY-MM-DD`, `HH:MM` and the full ISO form. */
export interface UtcTimestamp {
  date: string;
  time: string;
  iso: string;
}

export interface FileEntry {
  file: string;
  /** What a new file starts with. */
  header: string;
  line: string;
}

/** Everything one public memory contributes to the workspace. */
export interface WorkspaceEntries {
  daily: FileEntry;
  /** Present when the memory belongs in MEMORY.md. */
  curated?: FileEntry;
  /** The full text of `memory/inner-monologue-latest.md`, present for an introspection. */
  innerMonologue?: { file: string; text: string; updated: string };
}

export type EntriesOutcome =
  { ok: true; entries: WorkspaceEntries } | { ok: false; reason: 'invalid_id' | 'invalid_timestamp' };

const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;
const ISO_DATE = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/;

/** The lines and texts for a memory, or why it cannot be written (an id unfit for a marker, a bad date). */
export function workspaceEntries(memory: SyncedMemory): EntriesOutcome {
  if (!isMarkableId(memory.id)) return { ok: false, reason: 'invalid_id' };
  const stamp = utcTimestamp(memory.createdAt);
  if (!stamp) return { ok: false, reason: 'invalid_timestamp' };
  const entries: WorkspaceEntries = {
    daily: {
      file: dailyLogFile(stamp.date),
      header: dailyLogHeader(stamp.date),
      line: dailyLogLine(memory, stamp),
    },
  };
  if (isCurated(memory)) {
    entries.curated = { file: CURATED_FILE, header: CURATED_HEADER, line: curatedLine(memory, stamp) };
  }
  if (memory.category === 'introspection') {
    entries.innerMonologue = {
      file: INNER_MONOLOGUE_FILE,
      text: innerMonologueText(memory.content, stamp.iso),
      updated: stamp.iso,
    };
  }
  return { ok: true, entries };
}

/** Ids are written inside `[id:…]`: only plain ids (the store's `mem_` + hex, or similar) qualify. */
function isMarkableId(id: string): boolean {
  return SAFE_ID.test(id);
}

export function isCurated(memory: Pick<SyncedMemory, 'category' | 'importance'>): boolean {
  return memory.importance >= CURATED_MIN_IMPORTANCE || CURATED_CATEGORIES.has(memory.category);
}

/** The UTC date, time and ISO form of an ISO-8601 instant with any offset; null when it is not one. */
export function utcTimestamp(instant: string): UtcTimestamp | null {
  const ms = Date.parse(instant);
  if (!Number.isFinite(ms)) return null;
  const iso = new Date(ms).toISOString();
  const match = ISO_DATE.exec(iso);
  return match ? { date: match[1], time: match[2], iso } : null;
}

/** Content on one line: every run of whitespace (newlines included) becomes one space. */
export function oneLine(content: string): string {
  return content.replace(/[\s\u0085]+/g, ' ').trim();
}

function dailyLogHeader(date: string): string {
  return `# Memory Log ${date}\n\n`;
}

/** `- HH:MM [category] content (emotion: primary, intensity: 0.70) [id:…]` */
export function dailyLogLine(memory: SyncedMemory, stamp: UtcTimestamp): string {
  const intensity = Number.isFinite(memory.emotion.intensity) ? memory.emotion.intensity : 0;
  return (
    `- ${stamp.time} [${memory.category}] ${oneLine(memory.content)} ` +
    `(emotion: ${memory.emotion.primary}, intensity: ${intensity.toFixed(2)}) ${idMarker(memory.id)}`
  );
}

/** `- [YYYY-MM-DD] (category) content cut to 180 chars (emotion: primary) [id:…]` */
export function curatedLine(memory: SyncedMemory, stamp: UtcTimestamp): string {
  const content = snippet(oneLine(memory.content), CURATED_CONTENT_LIMIT);
  return (
    `- [${stamp.date}] (${memory.category}) ${content} ` +
    `(emotion: ${memory.emotion.primary}) ${idMarker(memory.id)}`
  );
}

export function idMarker(id: string): string {
  return `[id:${id}]`;
}

export function innerMonologueText(content: string, updated: string): string {
  return `${INNER_MONOLOGUE_TITLE}\n\nUpdated: ${updated}\n\n${content.trim()}\n`;
}

/** The timestamp and content of an inner-monologue file in the form above; null for any other text. */
export function parseInnerMonologue(text: string): { updated: string; content: string } | null {
  const match = /^# Latest Inner Monologue\n\nUpdated: ([^\n]*)\n\n([\s\S]*)$/.exec(
    text.replace(/\r\n/g, '\n'),
  );
  return match ? { updated: match[1].trim(), content: match[2].trim() } : null;
}

/**
 * True when the inner-monologue file shows this content. Compared by content, not by id (the file has
 * no marker): whatever memory it came from, text that is now deleted or private must not stay there.
 */
export function innerMonologueHolds(text: string, content: string): boolean {
  const parsed = parseInnerMonologue(text);
  const wanted = content.trim();
  if (wanted === '') return false;
  return parsed ? parsed.content === wanted : text.includes(wanted);
}

/**
 * Whether an introspection created at `updated` may overwrite the current file. The file shows the
 * latest introspection, so an older one (a restore, an edit of an old memory) does not replace a newer
 * one; a file that cannot be read as an inner monologue is replaced.
 */
export function replacesInnerMonologue(current: string | null, updated: string, content: string): boolean {
  if (current === null) return true;
  const parsed = parseInnerMonologue(current);
  if (!parsed || parsed.content === content.trim()) return true;
  const shown = Date.parse(parsed.updated);
  return !Number.isFinite(shown) || Date.parse(updated) >= shown;
}
