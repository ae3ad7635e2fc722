/**
 * The only files workspace sync ever touches, as paths relative to the workspace directory (behaviour §6).
 * Every path is built here from fixed names and a validated date, so nothing taken from a memory's
 * content can steer a write elsewhere; the file-system side refuses any path this module did not build.
 */

/** Curated memories: important ones and the curated categories. */
export const CURATED_FILE = 'MEMORY.md';
/** The folder that holds the daily logs and the latest inner monologue. */
export const MEMORY_FOLDER = 'memory';
/** The most recent introspection, overwritten each time. */
export const INNER_MONOLOGUE_FILE = `${MEMORY_FOLDER}/inner-monologue-latest.md`;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAILY_LOG_NAME = /^\d{4}-\d{2}-\d{2}\.md$/;

/** `memory/YYYY-MM-DD.md` for a UTC calendar date. */
export function dailyLogFile(date: string): string {
  if (!DATE.test(date)) throw new RangeError('A daily log date must be YYYY-MM-DD.');
  return `${MEMORY_FOLDER}/${date}.md`;
}

/** True for a file name (no folder) of a daily log: `YYYY-MM-DD.md`. */
export function isDailyLogName(name: string): boolean {
  return DAILY_LOG_NAME.test(name);
}

/** True for `memory/YYYY-MM-DD.md`. */
export function isDailyLogFile(file: string): boolean {
  return file.startsWith(`${MEMORY_FOLDER}/`) && isDailyLogName(file.slice(MEMORY_FOLDER.length + 1));
}

/** True only for the files workspace sync owns. */
export function isWorkspaceFile(file: string): boolean {
  return file === CURATED_FILE || file === INNER_MONOLOGUE_FILE || isDailyLogFile(file);
}
