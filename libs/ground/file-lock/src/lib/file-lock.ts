/**
 * A cross-process lock file (created with O_EXCL) that guards a shared resource: starting the embedded
 * Chroma server, a read-modify-write of a workspace file.
 *
 * The file holds its owner's pid, the pid's start time and a random token. A lock whose owner is dead
 * (or whose pid now belongs to a younger process) is stale and may be removed. Removal itself is
 * serialised through a second O_EXCL file (`<lock>.takeover`) and re-checks the token, so two
 * processes that both saw the same stale lock cannot delete a fresh lock taken in between.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { isProcessAlive, processStartTime } from '@kioku/processes';

interface LockOwner {
  pid: number;
  startTime?: string;
  token: string;
  createdAt: string;
}

export interface AcquireLockOptions {
  /** Give up (throw) after this many ms. */
  timeoutMs: number;
  pollMs?: number;
  /** Polled while waiting; when it resolves true the wait ends and `acquireLock` returns null. */
  shouldStopWaiting?: () => Promise<boolean>;
}

export class LockTimeoutError extends Error {
  override readonly name = 'LockTimeoutError';
}

/** A lock file with unreadable content older than this is treated as abandoned mid-write. */
const UNREADABLE_GRACE_MS = 5_000;
/** Takeover files live for microseconds; one older than this was left by a crash. */
const TAKEOVER_GRACE_MS = 10_000;

/** Takes the lock and returns its release function, or null when `shouldStopWaiting` ended the wait. */
export async function acquireLock(path: string, options: AcquireLockOptions): Promise<(() => void) | null> {
  const owner: LockOwner = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    token: randomUUID(),
    createdAt: new Date().toISOString(),
  };
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (tryCreate(path, owner)) return () => release(path, owner.token);
    removeIfStale(path);
    if (tryCreate(path, owner)) return () => release(path, owner.token);
    if (options.shouldStopWaiting && (await options.shouldStopWaiting())) return null;
    if (Date.now() > deadline) {
      const holder = readOwner(path);
      throw new LockTimeoutError(
        `Timed out after ${options.timeoutMs} ms waiting for ${path}` +
          (holder ? ` (held by pid ${holder.pid})` : ''),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100));
  }
}

function tryCreate(path: string, owner: LockOwner): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(owner));
  } finally {
    closeSync(fd);
  }
  return true;
}

function release(path: string, token: string): void {
  if (readOwner(path)?.token !== token) return;
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

function removeIfStale(path: string): void {
  const holder = readOwner(path);
  if (holder ? isOwnerAlive(holder) : !isAbandoned(path)) return;
  const takeover = `${path}.takeover`;
  if (!tryCreate(takeover, { pid: process.pid, token: randomUUID(), createdAt: new Date().toISOString() })) {
    if (ageOf(takeover) > TAKEOVER_GRACE_MS) unlinkQuietly(takeover);
    return;
  }
  try {
    const again = readOwner(path);
    const stillStale = holder
      ? again?.token === holder.token && !isOwnerAlive(again)
      : !again && isAbandoned(path);
    if (stillStale) unlinkQuietly(path);
  } finally {
    unlinkQuietly(takeover);
  }
}

function isOwnerAlive(owner: LockOwner): boolean {
  if (!isProcessAlive(owner.pid)) return false;
  const current = processStartTime(owner.pid);
  return owner.startTime === undefined || current === undefined || current === owner.startTime;
}

/** An existing lock file whose content cannot be read as an owner, old enough not to be mid-write. */
function isAbandoned(path: string): boolean {
  const age = ageOf(path);
  return Number.isFinite(age) && age > UNREADABLE_GRACE_MS;
}

function readOwner(path: string): LockOwner | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid === 'number' && typeof parsed.token === 'string') return parsed as LockOwner;
  } catch {
    // missing or partly written
  }
  return null;
}

/** Milliseconds since the file was modified; -Infinity when it does not exist. */
function ageOf(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return Number.NEGATIVE_INFINITY;
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}
