/** Test helpers for the worker: temp dirs, report files, a job whose run the test controls. */
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { JobName } from '../config';
import type { Job, JobOutcome } from '../jobs/job';
import type { JobReport } from '../reports/job-report';

export const REPO_ROOT = resolve(__dirname, '../../../..');
export const KIOKU_BIN = join(REPO_ROOT, 'bin/kioku');

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `kioku-worker-${prefix}-`));
}

/** Every report line written for a job under a reports dir. */
export function readReports(reportsDir: string, job: JobName): JobReport[] {
  const file = join(reportsDir, `${job}.jsonl`);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as JobReport);
}

/** Lock files left in a locks dir (takeover helpers included). */
export function lockFiles(locksDir: string): string[] {
  return existsSync(locksDir) ? readdirSync(locksDir) : [];
}

/** A job that stays inside `run` until the test calls `finish` (or `fail`). */
export class ControlledJob implements Job {
  readonly entered: Promise<void>;
  private enter!: () => void;
  private settle!: { finish: (outcome: JobOutcome) => void; fail: (error: unknown) => void };
  runs = 0;

  constructor(readonly name: JobName) {
    this.entered = new Promise((resolveEntered) => (this.enter = resolveEntered));
  }

  run(): Promise<JobOutcome> {
    this.runs++;
    this.enter();
    return new Promise((finish, fail) => (this.settle = { finish, fail }));
  }

  finish(outcome: JobOutcome = { counts: { done: 1 } }): void {
    this.settle.finish(outcome);
  }

  fail(error: unknown): void {
    this.settle.fail(error);
  }
}

export async function waitFor(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
