import { existsSync } from 'node:fs';
import { startChromaTestServer } from './chroma-test-server';

describe('startChromaTestServer', () => {
  it('starts a real server on a loopback port and removes everything on stop', async () => {
    const server = await startChromaTestServer();
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect((await fetch(`${server.url}/api/v2/heartbeat`)).ok).toBe(true);
    expect(existsSync(server.dataDir)).toBe(true);
    await server.stop();
    await server.stop();
    expect(existsSync(server.dataDir)).toBe(false);
    expect(() => process.kill(server.pid, 0)).toThrow();
  });
});
