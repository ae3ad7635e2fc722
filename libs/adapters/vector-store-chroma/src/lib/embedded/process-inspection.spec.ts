import { spawn } from 'node:child_process';
import {
  isChromaServerFor,
  isProcessAlive,
  processCommandLine,
  processStartTime,
} from './process-inspection';

describe('process inspection', () => {
  it('sees this process alive with a start time and a command line', () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(processStartTime(process.pid)).toMatch(/^\d+$/);
    expect(processCommandLine(process.pid)?.[0]).toContain('node');
  });

  it('sees an exited process as dead and rejects nonsense pids', async () => {
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => child.once('exit', resolve));
    expect(isProcessAlive(child.pid as number)).toBe(false);
    expect(isProcessAlive(0)).toBe(false);
    expect(isProcessAlive(-1)).toBe(false);
  });

  it('recognises a Chroma server command line for one persist path only', () => {
    const args = [
      '/usr/bin/node',
      '/repo/node_modules/chromadb/dist/cli.mjs',
      'run',
      '--path',
      '/data/chroma',
      '--port',
      '1',
    ];
    expect(isChromaServerFor(args, '/data/chroma')).toBe(true);
    expect(isChromaServerFor(args, '/other/chroma')).toBe(false);
    expect(isChromaServerFor(['/usr/bin/node', 'server.js', '--path', '/data/chroma'], '/data/chroma')).toBe(
      false,
    );
  });
});
