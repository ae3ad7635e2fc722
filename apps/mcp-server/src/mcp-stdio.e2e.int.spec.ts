/**
 * End to end over stdio, exactly as an MCP client runs it: `node bin/kioku mcp` on the embedded
 * default (the in-process store under KIOKU_DATA_DIR) with the bundled local model; and the managed
 * Chroma server, an opt-in, which never outlives the app.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callTool } from './testing/call-tool';
import { KIOKU_BIN as KIOKU, startStdioKioku, type StdioKioku } from './testing/stdio-client';
import { childProcesses, listeningSockets } from '@kioku/processes';
import { findChromaServerProcesses } from '@kioku/vector-store-chroma';

/** Pids of the embedded Chroma servers on this data dir (the adapter's own process inspection). */
function processesUsing(dataDir: string): number[] {
  return findChromaServerProcesses(join(dataDir, 'chroma')).map((p) => p.pid);
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return condition();
}

describe('kioku mcp over stdio on the embedded default', () => {
  let kioku: StdioKioku;

  beforeAll(async () => {
    kioku = await startStdioKioku();
  }, 120_000);

  afterAll(() => kioku?.close());

  const call = (name: string, args: Record<string, unknown>) => callTool(kioku.client, name, args);

  it('remembers, refuses a duplicate, recalls with ids and private flags, updates and links', async () => {
    const cat = await call('remember', {
      content: 'The user adopted a grey cat named Mochi last spring.',
      emotion: 'happy',
      tags: ['pets'],
    });
    expect(cat.text).toMatch(/^Saved \(id: mem_[0-9a-f]{12}\)\./);
    const catId: string = cat.data.memory.id;

    const duplicate = await call('remember', {
      content: 'The user adopted a grey cat named Mochi last spring!',
    });
    expect(duplicate.text.split('\n')[0]).toBe('Not saved — very similar memory already exists.');
    expect(duplicate.data).toMatchObject({ status: 'duplicate', existing: { id: catId } });

    const numbers = await call('remember', { content: 'I paid 40 dollars for the concert ticket.' });
    const other = await call('remember', { content: 'I paid 400 dollars for the concert ticket.' });
    expect([numbers.data.status, other.data.status]).toEqual(['saved', 'saved']);

    const secret = await call('remember', {
      content: 'I am secretly afraid that Mochi will run away.',
      private: true,
      emotion: 'anxious',
    });
    expect(secret.text).toMatch(/^Saved privately \(id: mem_/);
    const secretId: string = secret.data.memory.id;

    const recall = await call('recall', { query: 'my cat Mochi', n_results: 3 });
    const lines = recall.text.split('\n');
    expect(lines[0]).toMatch(/^\d related memor(y|ies):$/);
    for (const line of lines.slice(1, 1 + recall.data.results.length)) {
      expect(line).toMatch(
        /\(id: mem_[0-9a-f]{12}, emotion: \w+, importance: \d, similarity: \d\.\d\d, private: (true|false)\)$/,
      );
    }
    const ids = recall.data.results.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([catId, secretId]));
    expect(recall.data.results.find((r: { id: string }) => r.id === secretId).private).toBe(true);

    const pinned = await call('update_memory', { memory_id: catId, importance: 5 });
    expect(pinned.text).toBe(`Updated (id: ${catId}): importance.\nPinned: protected from forgetting.`);

    const link = await call('link_memories', {
      source_id: catId,
      target_id: numbers.data.memory.id,
      link_type: 'related',
    });
    expect(link.text).toBe(`Linked ${catId} ↔ ${numbers.data.memory.id} (type: related)`);
    const again = await call('link_memories', {
      source_id: numbers.data.memory.id,
      target_id: catId,
      link_type: 'related',
    });
    expect(again.text).toBe(`Link already exists: ${numbers.data.memory.id} ↔ ${catId} (type: related)`);
  });

  it('finds Japanese memories and keeps unrelated Japanese memories apart', async () => {
    const ramen = await call('remember', {
      content: 'ユーザーは味噌ラーメンが大好きで、週末によく食べに行く。',
    });
    const dentist = await call('remember', { content: '歯医者の予約は来週の金曜日の午後三時。' });
    expect([ramen.data.status, dentist.data.status]).toEqual(['saved', 'saved']);
    expect(dentist.data.linked.map((l: { id: string }) => l.id)).not.toContain(ramen.data.memory.id);
    const recall = await call('recall', { query: 'ラーメン', n_results: 1 });
    expect(recall.data.results[0].id).toBe(ramen.data.memory.id);
  });

  it('never writes private content to the log file', () => {
    const log = readFileSync(kioku.logFile, 'utf8');
    expect(log).toContain('tool.invoke');
    expect(log).not.toContain('secretly afraid');
  });

  it('keeps its store inside the process: no listening socket, no child process', async () => {
    // After the calls above the store is open and searched; one more recall to be sure.
    expect((await call('recall', { query: 'grey cat' })).isError).toBe(false);
    expect(listeningSockets(kioku.pid)).toEqual({ ports: [], unix: [] });
    expect(childProcesses(kioku.pid)).toEqual([]);
  });
});

describe('the managed Chroma server (an opt-in) never outlives the app', () => {
  it('leaves no Chroma process behind when the app is killed with SIGKILL', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kioku-kill-'));
    const app = spawn(process.execPath, [KIOKU, 'mcp'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dataDir,
        KIOKU_DATA_DIR: dataDir,
        KIOKU_LOG_LEVEL: 'warn',
        KIOKU_VECTOR_STORE: 'chroma-embedded',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    try {
      // The store starts after the handshake; a tool call is answered once it has started.
      const send = (message: object) =>
        app.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
      send({
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'kill-test', version: '1' },
        },
      });
      send({ method: 'notifications/initialized' });
      send({ id: 2, method: 'tools/call', params: { name: 'wake_up', arguments: {} } });
      let output = '';
      await new Promise<void>((resolveReady) =>
        app.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('"id":2')) resolveReady();
        }),
      );
      expect(processesUsing(dataDir).length).toBeGreaterThan(0);
      app.kill('SIGKILL');
      expect(await waitFor(() => processesUsing(dataDir).length === 0, 15_000)).toBe(true);
    } finally {
      app.kill('SIGKILL');
      for (const pid of processesUsing(dataDir)) process.kill(pid, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
