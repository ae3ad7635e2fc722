import { spawn } from 'node:child_process';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquireLock, LockTimeoutError } from './file-lock';

describe('acquireLock', () => {
  let directory: string;
  let lock: string;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'kioku-lock-'));
    lock = join(directory, 'server.lock');
  });

  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('creates the lock file with this pid and removes it on release', async () => {
    const release = await acquireLock(lock, { timeoutMs: 1_000 });
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject({ pid: process.pid });
    release?.();
    expect(existsSync(lock)).toBe(false);
  });

  it('makes a second taker wait until the first releases', async () => {
    const first = await acquireLock(lock, { timeoutMs: 1_000 });
    let secondHasIt = false;
    const second = acquireLock(lock, { timeoutMs: 5_000, pollMs: 20 }).then((release) => {
      secondHasIt = true;
      return release;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(secondHasIt).toBe(false);
    first?.();
    (await second)?.();
    expect(secondHasIt).toBe(true);
  });

  it('gives up with LockTimeoutError while a live process holds it', async () => {
    const held = await acquireLock(lock, { timeoutMs: 1_000 });
    await expect(acquireLock(lock, { timeoutMs: 200, pollMs: 20 })).rejects.toBeInstanceOf(LockTimeoutError);
    held?.();
  });

  it('ends the wait when shouldStopWaiting says so', async () => {
    const held = await acquireLock(lock, { timeoutMs: 1_000 });
    await expect(
      acquireLock(lock, { timeoutMs: 5_000, pollMs: 20, shouldStopWaiting: async () => true }),
    ).resolves.toBeNull();
    held?.();
  });

  it('takes over a lock whose owner is dead', async () => {
    writeFileSync(
      lock,
      JSON.stringify({ pid: await deadPid(), token: 'old', createdAt: '2020-01-01T00:00:00Z' }),
    );
    const release = await acquireLock(lock, { timeoutMs: 1_000 });
    expect(JSON.parse(readFileSync(lock, 'utf8')).pid).toBe(process.pid);
    release?.();
  });

  it('takes over a lock whose pid now belongs to another (younger) process', async () => {
    writeFileSync(
      lock,
      JSON.stringify({
        pid: process.pid,
        startTime: '1',
        token: 'reused',
        createdAt: '2020-01-01T00:00:00Z',
      }),
    );
    const release = await acquireLock(lock, { timeoutMs: 1_000 });
    expect(JSON.parse(readFileSync(lock, 'utf8')).token).not.toBe('reused');
    release?.();
  });

  it('takes over an unreadable lock only once it is old', async () => {
    writeFileSync(lock, '');
    await expect(acquireLock(lock, { timeoutMs: 150, pollMs: 20 })).rejects.toBeInstanceOf(LockTimeoutError);
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    const release = await acquireLock(lock, { timeoutMs: 1_000 });
    expect(release).not.toBeNull();
    release?.();
  });

  it('release does not remove a lock that someone else took over', async () => {
    const release = await acquireLock(lock, { timeoutMs: 1_000 });
    writeFileSync(
      lock,
      JSON.stringify({ pid: process.pid, token: 'someone-else', createdAt: '2020-01-01T00:00:00Z' }),
    );
    release?.();
    expect(existsSync(lock)).toBe(true);
  });
});

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid as number;
}
