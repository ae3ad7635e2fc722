/** Test helper: runs `node bin/kioku worker …` as a real process and collects its output and exit. */
import { spawn, type ChildProcess } from 'node:child_process';
import { KIOKU_BIN } from './worker-test-helpers';

export interface WorkerProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or the signal's name) when the process has exited. */
  exited: Promise<number | string>;
}

export function startWorker(args: string[], env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, [KIOKU_BIN, 'worker', ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: env.KIOKU_DATA_DIR ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Runs the worker to its end. */
export async function runWorker(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | string; stdout: string; stderr: string }> {
  const worker = startWorker(args, env);
  const code = await worker.exited;
  return { code, stdout: worker.stdout(), stderr: worker.stderr() };
}
