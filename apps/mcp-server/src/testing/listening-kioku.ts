/**
 * Test helper: starts a listening `node bin/kioku <args>` (`mcp --http`, `http`) with this environment
 * and resolves with the URL it prints once it listens; `stop` ends it (SIGTERM) and waits for it.
 */
import { spawn } from 'node:child_process';
import { KIOKU_BIN } from './stdio-client';

export interface ListeningKioku {
  url: string;
  stop(): Promise<void>;
}

export function startListeningKioku(args: string[], env: Record<string, string>): Promise<ListeningKioku> {
  const child = spawn(process.execPath, [KIOKU_BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const listening = /listening on (http:\/\/\S+)/.exec(stderr);
      if (listening) resolve({ url: listening[1], stop });
    });
    child.once('exit', (code) => reject(new Error(`kioku ${args.join(' ')} exited (${code}): ${stderr}`)));
  });
}
