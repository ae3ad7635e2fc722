/** Test helper: runs `node bin/kioku <args>` to completion and returns its exit code and output. */
import { spawn } from 'node:child_process';
import { KIOKU_BIN } from './stdio-client';

export interface KiokuRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runKioku(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<KiokuRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [KIOKU_BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
