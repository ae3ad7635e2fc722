import { spawn } from 'node:child_process';
import { isChromaServerFor, processCommandLine } from './process-inspection';

describe('process inspection', () => {
  it('reads the command line of this process', () => {
    expect(processCommandLine(process.pid)?.[0]).toContain('node');
  });

  it('reads no command line for an exited process', async () => {
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => child.once('exit', resolve));
    expect(processCommandLine(child.pid as number)).toBeUndefined();
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
