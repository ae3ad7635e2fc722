/**
 * An upgrade, as a user meets it: a data dir written by the release whose default was the managed
 * Chroma server (`testing/release-data-dir/`). The in-process store refuses it, naming `kioku migrate`;
 * `kioku migrate` moves everything; the new store then exports exactly what that release exported
 * (memories with their vectors and private flags, links, episodes, trash, settings); a second run has
 * nothing to do; and the MCP tools work on the moved memories (recall, restore from the trash).
 */
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { KIOKU_BIN, tempDir } from './testing/worker-test-helpers';

const FIXTURE = join(__dirname, 'testing', 'release-data-dir');

/**
 * An export's lines as a set, the header's export time left out and vectors as the float32 values both
 * stores keep (Chroma's JSON writes a float32 in its shortest decimal form, -0.012066953, where the
 * SQLite store gives its exact value, -0.012066952884197235: the same float32). The rest must match.
 */
function exportLines(text: string): string[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const record = JSON.parse(line) as { type: string; exportedAt?: string; vector?: number[] };
      if (record.type === 'header') delete record.exportedAt;
      if (record.vector) record.vector = record.vector.map((x) => Math.fround(x));
      return JSON.stringify(record);
    })
    .sort();
}

describe('kioku migrate from a data dir of the release whose default was the managed Chroma server', () => {
  const dataDir = tempDir('migrate');
  const env = { HOME: dataDir, KIOKU_DATA_DIR: dataDir, KIOKU_LOG_LEVEL: 'warn' };
  const kioku = (...args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        [KIOKU_BIN, ...args],
        { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 150_000 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      ),
    );

  beforeAll(() => execFileSync('tar', ['xzf', join(FIXTURE, 'release-1e24c0c.data-dir.tgz'), '-C', dataDir]));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is refused by the in-process store until migrated, naming the command', async () => {
    const exported = await kioku('export', '--all');
    expect(exported.code).toBe(1);
    expect(exported.stderr).toContain('STORE_UNAVAILABLE');
    expect(exported.stderr).toContain('Run `kioku migrate` once');
  }, 60_000);

  it('moves every namespace and reports what it moved', async () => {
    const migrated = await kioku('migrate');
    expect({ code: migrated.code, stderr: migrated.code === 0 ? '' : migrated.stderr }).toEqual({
      code: 0,
      stderr: '',
    });
    expect(migrated.stdout).toContain(
      'Migrated namespace "default": 6 memories, 7 links, 1 episodes, 1 trash entries, 1 settings.',
    );
    expect(migrated.stdout).toContain(
      'Migrated namespace "work": 2 memories, 0 links, 0 episodes, 0 trash entries, 0 settings.',
    );
    expect((await kioku('migrate')).stdout).toMatch(/^Nothing to migrate/);
  }, 180_000);

  it('holds exactly what the release exported: vectors, private flags, links, episodes, trash, settings', async () => {
    const output = join(dataDir, 'after.jsonl');
    const exported = await kioku(
      'export',
      '--all',
      '--with-vectors',
      '--include-private',
      '--output',
      output,
    );
    expect(exported.code).toBe(0);
    const before = gunzipSync(readFileSync(join(FIXTURE, 'release-1e24c0c.export.jsonl.gz'))).toString(
      'utf8',
    );
    expect(exportLines(readFileSync(output, 'utf8'))).toEqual(exportLines(before));
  }, 120_000);

  it('serves the moved memories over MCP: recall with the private flag, restore from the trash', async () => {
    const client = new Client({ name: 'migrate-test', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [KIOKU_BIN, 'mcp'],
        env: { PATH: process.env.PATH ?? '', ...env },
      }),
    );
    try {
      const call = async (name: string, args: Record<string, unknown>) =>
        (await client.callTool({ name, arguments: args }, undefined, {
          timeout: 120_000,
        })) as CallToolResult & {
          structuredContent: { results?: { id: string; private: boolean; content?: string }[] };
        };
      const recall = await call('recall', { query: 'where is the spare key', n_results: 1 });
      expect(recall.isError).toBeFalsy();
      expect(recall.structuredContent.results?.[0]).toMatchObject({ private: true });
      const before = gunzipSync(readFileSync(join(FIXTURE, 'release-1e24c0c.export.jsonl.gz'))).toString(
        'utf8',
      );
      const trashId = before
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { type: string; entry?: { memory?: { id: string } } })
        .find((record) => record.type === 'trash')?.entry?.memory?.id;
      expect(trashId).toMatch(/^mem_/);
      const restored = await call('restore', { memory_id: trashId });
      expect(restored.isError).toBeFalsy();
      const found = await call('recall', { query: 'router password sticky note', n_results: 1 });
      expect(found.structuredContent.results?.[0]?.id).toBe(trashId);
    } finally {
      await client.close();
    }
  }, 180_000);
});
