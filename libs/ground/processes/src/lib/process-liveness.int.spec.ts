import { spawn } from 'node:child_process';
import { isProcessAlive, processStartTime } from './process-liveness';

describe('process liveness', () => {
  it('sees this process alive with a start time', () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(processStartTime(process.pid)).toMatch(/^\d+$/);
  });

  it('sees an exited process as dead and rejects nonsense pids', async () => {
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => child.once('exit', resolve));
    expect(isProcessAlive(child.pid as number)).toBe(false);
    expect(isProcessAlive(0)).toBe(false);
    expect(isProcessAlive(-1)).toBe(false);
  });
});
