/**
 * The workspace directory as workspace sync sees it: a few Markdown files named by paths relative to
 * the workspace (`MEMORY.md`, `memory/YYYY-MM-DD.md`, `memory/inner-monologue-latest.md`).
 */

/** What `update` did to the file. */
export type FileUpdateOutcome = 'written' | 'deleted' | 'unchanged';

/**
 * Computes a file's next text from its current one. `current` is null when the file does not exist.
 * Return the new text, `null` to delete the file, or `current` itself to leave the file alone. Must be
 * pure and fast: it runs while the file's lock is held.
 */
export type FileChange = (current: string | null) => string | null;

export interface WorkspaceFiles {
  /**
   * The file's current UTF-8 text, or null when it (or its folder) does not exist. An unlocked snapshot
   * for deciding whether an update is needed at all; decisions that write go through `update`.
   * Throws `WorkspacePathRefusedError` for a path outside the workspace's own files, a folder that
   * resolves outside the workspace, or a file that is a symlink.
   */
  read(file: string): Promise<string | null>;

  /**
   * Read-modify-write of one file, serialised per file within this process and across processes (a
   * lock file next to it, taken over when its owner has died). The new text is written atomically: to
   * a temporary file in the same folder, flushed to disk (fsync), then renamed over the file, so a
   * reader sees the old or the new text, never a mix. Creates the `memory/` folder when missing.
   * On failure (refused path, I/O error, lock not obtained in time) it throws, and leaves neither a
   * temporary file nor its lock behind; the file keeps its previous text.
   */
  update(file: string, change: FileChange): Promise<FileUpdateOutcome>;

  /** The daily logs present (`memory/YYYY-MM-DD.md`, regular files only), sorted; empty without `memory/`. */
  listDailyLogs(): Promise<string[]>;
}
