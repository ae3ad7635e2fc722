/**
 * The privacy canary beyond the MCP server (behaviour §10): private memories holding a unique string,
 * linked to public ones (with the canary in the link note) and named by episodes (with the canary in
 * the summary), must appear in no export or backup made without private memories, and in no output
 * of any command — export, import, the worker's jobs, reindex, and the errors of a mistaken command
 * line — nor in any log, report or workspace file they leave. Only an export asked to include private
 * memories holds it (the control that the canary is really there).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { callTool } from './testing/call-tool';
import { filesUnder } from './testing/files-under';
import { runKioku, type KiokuRun } from './testing/run-kioku';
import { startStdioKioku } from './testing/stdio-client';

describe('private content never leaves through exports, backups or command output', () => {
  it('every command, every file it writes, every log line', async () => {
    const canary = `CANARY${randomBytes(6).toString('hex')}`;
    const workspace = mkdtempSync(join(tmpdir(), 'kioku-canary-ws-'));
    const files = mkdtempSync(join(tmpdir(), 'kioku-canary-files-'));
    const env = { KIOKU_LOG_LEVEL: 'debug', KIOKU_WORKSPACE_DIR: workspace };
    const kioku = await startStdioKioku(env);
    const call = (name: string, args: Record<string, unknown>) => callTool(kioku.client, name, args);
    try {
      const secret = await call('remember', {
        content: `My ${canary} secret: the spare key hides under the third stone.`,
        private: true,
        tags: [`tag-${canary}`],
      });
      const secondSecret = await call('remember', {
        content: `${canary} The alarm code is the year we met.`,
        private: true,
      });
      const open = await call('remember', { content: 'The garden path has twelve stones.' });
      const other = await call('remember', { content: 'We repainted the garden gate in May.' });
      const [secretId, secondId, openId, otherId] = [secret, secondSecret, open, other].map(
        (r) => r.data.memory.id as string,
      );
      await call('link_memories', { source_id: secretId, target_id: openId, note: `${canary} same stones` });
      await call('link_memories', { source_id: secretId, target_id: secondId, link_type: 'related' });
      await call('create_episode', { memory_ids: [secretId, openId], summary: `Where the ${canary} key is` });
      await call('create_episode', { memory_ids: [openId, otherId], summary: 'Garden work' });
    } finally {
      await kioku.client.close();
    }

    const run = (args: string[], extra: Record<string, string> = {}) =>
      runKioku(args, {
        HOME: kioku.dataDir,
        KIOKU_DATA_DIR: kioku.dataDir,
        KIOKU_LOG_FILE: kioku.logFile,
        ...env,
        ...extra,
      });
    const publicFile = join(files, 'public.jsonl');
    const runs: [string, KiokuRun][] = [];
    for (const args of [
      ['export'],
      ['export', '--with-vectors', '--output', publicFile],
      ['export', '--all'],
      ['import', '--dry-run', publicFile],
      ['import', '--namespace', 'copy', publicFile],
      ['import', join(files, 'missing.jsonl')],
      ['export', '--namespace', 'nope'],
      ['worker', '--once', 'backup'],
      ['worker', '--once', 'consolidate'],
      ['worker', '--once', 'integrity'],
      ['reindex'],
    ])
      runs.push([args.join(' '), await run(args)]);
    const withPrivate = await run(['export', '--include-private']);
    expect(withPrivate.stdout).toContain(canary);

    expect(runs.map(([command, r]) => [command, r.code])).toEqual(
      runs.map(([command]) => [command, /missing|nope/.test(command) ? 1 : 0]),
    );
    const backups = filesUnder(join(kioku.dataDir, 'backups'));
    expect(backups).toHaveLength(1);
    const written = [
      ...runs.flatMap(([command, r]) => [
        { path: `${command}: stdout`, text: r.stdout },
        { path: `${command}: stderr`, text: r.stderr },
      ]),
      { path: publicFile, text: readFileSync(publicFile, 'utf8') },
      ...backups.map((b) => ({ path: b.path, text: gunzipSync(readFileSync(b.path)).toString('utf8') })),
      ...filesUnder(kioku.dataDir).filter((f) => /\.(log|json|jsonl)$/.test(f.path)),
      ...filesUnder(workspace),
    ];
    expect(written.find((f) => f.path === kioku.logFile)?.text).toContain('"event":"tool.invoke"');
    expect(written.filter((f) => f.text.includes(canary)).map((f) => f.path)).toEqual([]);

    rmSync(files, { recursive: true, force: true });
    rmSync(workspace, { recursive: true, force: true });
    rmSync(kioku.dataDir, { recursive: true, force: true });
  }, 900_000);
});
