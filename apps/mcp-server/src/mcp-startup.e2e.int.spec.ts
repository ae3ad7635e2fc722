/**
 * The fast start of `kioku mcp` over stdio, as a process: the handshake is answered
 * before the store starts (the store's file does not exist yet when tools/list is
 * answered), and a client that leaves during the handshake makes the server exit without starting
 * anything.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KIOKU_BIN } from './testing/stdio-client';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'startup-test', version: '1' },
  },
};

function startServer(dataDir: string): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [KIOKU_BIN, 'mcp'], {
    env: { PATH: process.env.PATH ?? '', HOME: dataDir, KIOKU_DATA_DIR: dataDir, KIOKU_LOG_LEVEL: 'warn' },
  });
}

/** Resolves with the response to request `id`. */
function response(server: ChildProcessWithoutNullStreams, id: number): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    let buffer = '';
    server.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (const line of buffer.split('\n')) {
        if (line.includes(`"id":${id}`)) resolve(JSON.parse(line) as Record<string, unknown>);
      }
    });
  });
}

describe('kioku mcp starts fast', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kioku-startup-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('answers initialize and tools/list before the store starts, then serves calls', async () => {
    const server = startServer(dataDir);
    const send = (message: object) => server.stdin.write(`${JSON.stringify(message)}\n`);
    try {
      send(INITIALIZE);
      await response(server, 1);
      send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
      const tools = (await response(server, 2)).result as { tools: unknown[] };
      expect(tools.tools).toHaveLength(12);
      expect(existsSync(join(dataDir, 'store.sqlite'))).toBe(false);

      send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'wake_up', arguments: {} } });
      const wakeUp = (await response(server, 3)).result as { isError?: boolean };
      expect(wakeUp.isError).toBeUndefined();
      expect(existsSync(join(dataDir, 'store.sqlite'))).toBe(true);
    } finally {
      server.stdin.end();
      await new Promise((resolve) => server.once('exit', resolve));
    }
  }, 60_000);

  it('exits without starting anything when the client leaves during the handshake', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'kioku-startup-'));
    const server = startServer(fresh);
    try {
      server.stdin.write(`${JSON.stringify(INITIALIZE)}\n`);
      await response(server, 1);
      server.stdin.end();
      const code = await new Promise((resolve) => server.once('exit', resolve));
      expect(code).toBe(0);
      expect(existsSync(join(fresh, 'store.sqlite'))).toBe(false);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 60_000);
});
