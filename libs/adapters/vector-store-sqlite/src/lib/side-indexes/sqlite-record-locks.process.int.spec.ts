/**
 * Record turns across processes (gateway replicas and a worker on one data dir): processes that take
 * the same record's turn never overlap — their read-then-write increments of one counter all count —
 * and a holder killed while it holds a turn does not keep it from the others.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SqliteRecordLocks } from './sqlite-record-locks';

const run = promisify(execFile);
const HOLDER = join(__dirname, '..', '..', 'testing', 'record-lock-holder.fixture.ts');
const PROCESSES = 3;
const INCREMENTS = 40;

describe('SqliteRecordLocks shared by several processes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-record-locks-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives one record’s turn to one process at a time', async () => {
    const file = join(dir, 'index.sqlite');
    const counter = join(dir, 'counter');
    writeFileSync(counter, '0');
    const outputs = await Promise.all(
      Array.from({ length: PROCESSES }, () =>
        run(process.execPath, ['--import', 'tsx', HOLDER, 'increment', file, counter, String(INCREMENTS)], {
          timeout: 120_000,
        }).then(
          ({ stdout }) => stdout.trim(),
          (error: Error & { stdout?: string }) => (error.stdout ?? error.message).trim(),
        ),
      ),
    );
    expect(outputs).toEqual(Array.from({ length: PROCESSES }, () => `ok ${INCREMENTS}`));
    expect(Number(readFileSync(counter, 'utf8'))).toBe(PROCESSES * INCREMENTS);
  }, 180_000);

  it('takes over the turn of a holder that was killed while holding it', async () => {
    const file = join(dir, 'killed.sqlite');
    const holder = spawn(process.execPath, ['--import', 'tsx', HOLDER, 'hold', file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) =>
      holder.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('holding')) resolve();
      }),
    );
    const locks = new SqliteRecordLocks(file);
    let mine = false;
    const waiting = locks.hold('c', ['x'], async () => {
      mine = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mine).toBe(false);
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await exited;
    await waiting;
    expect(mine).toBe(true);
    await locks.close();
  }, 60_000);
});
