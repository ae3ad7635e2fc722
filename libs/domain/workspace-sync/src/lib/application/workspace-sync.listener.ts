/**
 * Mirrors one namespace's public memories into an agent's workspace as Markdown (behaviour §6, design note 000 §B,
 * design note 003 FR-2), as a listener of memory changes:
 *
 * - saved (remember, restore): the daily-log line, the MEMORY.md line when curated, and the latest
 *   inner monologue for an introspection. Idempotent: a file never gets a second line for an id.
 * - updated: a public memory whose shown fields changed has its lines replaced in place (its MEMORY.md
 *   line goes when it is no longer curated); a memory made private is erased; one made public is written.
 * - deleted: erased: every line carrying its marker in `memory/YYYY-MM-DD.md` and MEMORY.md, and the
 *   inner-monologue file when it shows this memory's text (the file has no marker, and a deleted or
 *   now-private introspection must not linger there until the next one).
 *
 * Private memories are never written. Each file is handled on its own: a failure (refused path, I/O
 * error, lock timeout) is logged without content (event, relative file, memory id, error code) and the
 * other files are still handled; nothing is thrown, so a memory operation never fails because of it.
 */
import { type Logger } from '@kioku/kernel';
import { LockTimeoutError } from '@kioku/file-lock';
import type { Memory, MemoryChangeListener } from '@kioku/memory';
import { hasEntry, removeEntries, upsertEntry } from '../domain/marked-lines';
import {
  innerMonologueHolds,
  replacesInnerMonologue,
  workspaceEntries,
  type FileEntry,
  type WorkspaceEntries,
} from '../domain/workspace-entry.format';
import {
  CURATED_FILE,
  INNER_MONOLOGUE_FILE,
  MEMORY_FOLDER,
  WorkspacePathRefusedError,
  type FileUpdateOutcome,
  type WorkspaceFiles,
} from '@kioku/workspace-files';

export class WorkspaceSync implements MemoryChangeListener {
  constructor(
    /** The only namespace mirrored; changes in any other namespace are ignored. */
    private readonly namespace: string,
    private readonly files: WorkspaceFiles,
    private readonly logger: Logger,
  ) {}

  async saved(namespace: string, memory: Memory): Promise<void> {
    if (namespace !== this.namespace || memory.isPrivate) return;
    await this.write(memory);
  }

  async updated(namespace: string, before: Memory, after: Memory): Promise<void> {
    if (namespace !== this.namespace) return;
    if (after.isPrivate) {
      if (!before.isPrivate) await this.erase(after.id, [before.content, after.content]);
      return;
    }
    if (before.isPrivate) await this.write(after);
    else if (showsDifferently(before, after)) await this.rewrite(before, after);
  }

  /** Also for a private memory: should an earlier erase have failed, its lines must not outlive it. */
  async deleted(namespace: string, memory: Memory): Promise<void> {
    if (namespace !== this.namespace) return;
    await this.erase(memory.id, [memory.content]);
  }

  private async write(memory: Memory): Promise<void> {
    const entries = this.entriesOf(memory);
    if (!entries) return;
    await this.upsert(entries.daily, memory.id);
    if (entries.curated) await this.upsert(entries.curated, memory.id);
    if (entries.innerMonologue) await this.showInnerMonologue(entries.innerMonologue, memory);
  }

  /** Brings the files from `before` to `after` (both public) without moving lines out of order. */
  private async rewrite(before: Memory, after: Memory): Promise<void> {
    const entries = this.entriesOf(after);
    if (!entries) return this.erase(after.id, [before.content]);
    const previous = workspaceEntries(before);
    if (previous.ok && previous.entries.daily.file !== entries.daily.file) {
      await this.removeLines(previous.entries.daily.file, before.id);
    }
    await this.upsert(entries.daily, after.id);
    if (entries.curated) await this.upsert(entries.curated, after.id);
    else await this.removeLines(CURATED_FILE, after.id);
    if (entries.innerMonologue) await this.showInnerMonologue(entries.innerMonologue, after);
    else if (before.category === 'introspection') await this.dropInnerMonologue(after.id, [before.content]);
  }

  private async erase(id: string, contents: string[]): Promise<void> {
    const dailyLogs = await this.attempt('list', MEMORY_FOLDER, id, () => this.files.listDailyLogs());
    for (const file of [...(dailyLogs ?? []), CURATED_FILE]) await this.removeLines(file, id);
    await this.dropInnerMonologue(id, contents);
  }

  private entriesOf(memory: Memory): WorkspaceEntries | undefined {
    if (memory.isPrivate) return undefined;
    const outcome = workspaceEntries(memory);
    if (outcome.ok) return outcome.entries;
    this.logger.warn('workspace_sync.skipped', { memoryId: memory.id, reason: outcome.reason });
    return undefined;
  }

  private upsert(entry: FileEntry, id: string): Promise<unknown> {
    return this.attempt('upsert', entry.file, id, () =>
      this.files.update(entry.file, (current) => upsertEntry(current, entry.header, id, entry.line)),
    );
  }

  private removeLines(file: string, id: string): Promise<unknown> {
    return this.attempt('remove', file, id, async () => {
      const text = await this.files.read(file);
      if (text === null || !hasEntry(text, id)) return 'unchanged';
      return this.files.update(file, (current) => (current === null ? null : removeEntries(current, id)));
    });
  }

  private showInnerMonologue(
    entry: NonNullable<WorkspaceEntries['innerMonologue']>,
    memory: Memory,
  ): Promise<unknown> {
    return this.attempt('upsert', entry.file, memory.id, () =>
      this.files.update(entry.file, (current) =>
        replacesInnerMonologue(current, entry.updated, memory.content) ? entry.text : current,
      ),
    );
  }

  private dropInnerMonologue(id: string, contents: string[]): Promise<unknown> {
    const shows = (text: string | null) =>
      text !== null && contents.some((content) => innerMonologueHolds(text, content));
    return this.attempt('remove', INNER_MONOLOGUE_FILE, id, async () => {
      if (!shows(await this.files.read(INNER_MONOLOGUE_FILE))) return 'unchanged';
      return this.files.update(INNER_MONOLOGUE_FILE, (current) => (shows(current) ? null : current));
    });
  }

  /** Runs one file's work; logs (never throws) a failure, without content. */
  private async attempt<T>(
    action: 'upsert' | 'remove' | 'list',
    file: string,
    memoryId: string,
    work: () => Promise<T>,
  ): Promise<T | undefined> {
    try {
      const result = await work();
      if (isChange(result))
        this.logger.debug('workspace_sync.file_updated', { file, memoryId, outcome: result });
      return result;
    } catch (error) {
      if (error instanceof WorkspacePathRefusedError) {
        this.logger.warn('workspace_sync.path_refused', { file, memoryId, reason: error.reason });
      } else {
        this.logger.error('workspace_sync.write_failed', { file, memoryId, action, code: errorCode(error) });
      }
      return undefined;
    }
  }
}

/** True when a field that appears in a workspace file differs. */
function showsDifferently(before: Memory, after: Memory): boolean {
  return (
    before.content !== after.content ||
    before.category !== after.category ||
    before.importance !== after.importance ||
    before.emotion.primary !== after.emotion.primary ||
    before.emotion.intensity !== after.emotion.intensity ||
    before.createdAt !== after.createdAt
  );
}

function isChange(result: unknown): result is Exclude<FileUpdateOutcome, 'unchanged'> {
  return result === 'written' || result === 'deleted';
}

/** A stable, content-free code: the errno code, `LOCK_TIMEOUT`, or the error's class name. */
function errorCode(error: unknown): string {
  if (error instanceof LockTimeoutError) return 'LOCK_TIMEOUT';
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === 'string' && /^[A-Z0-9_]+$/.test(code)) return code;
  return error instanceof Error ? error.name : 'UNKNOWN';
}
