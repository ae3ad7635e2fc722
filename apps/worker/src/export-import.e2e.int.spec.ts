/**
 * `kioku export` and `kioku import` end to end through bin/kioku on the embedded default (the
 * in-process store, the local model) in a temporary data dir: the round trip through a wiped data dir
 * gives back every record, link, episode, trash entry and setting and the same recall answers; a
 * second import writes nothing; an import killed with SIGKILL half-way and run again ends with
 * exactly the exported data; bad input is refused naming the line with nothing written; the export
 * moves to the in-memory store and back to identical lines (migration between backends); `import -`
 * reads stdin; `export --all` writes a section per namespace, and importing that file fills the
 * namespaces it names (and refuses a --namespace).
 */
import { execFile, spawn } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createAppContainer, type AppContainer } from '@kioku/composition';
import { parseConfig } from '@kioku/config';
import { MemoryRepository } from '@kioku/memory';
import { NamespaceDirectory } from '@kioku/namespace-storage';
import {
  ExportNamespaceUseCase,
  ImportNamespaceUseCase,
  TextSink,
  fileImportSource,
} from '@kioku/portability';
import { PRIVATE_CANARY, recallIds, seedNamespace, snapshotNamespace } from '@kioku/portability/testing';
import { KIOKU_BIN, tempDir } from './testing/worker-test-helpers';

const run = promisify(execFile);
const QUERIES = [
  'river walk with my sister',
  'lighthouse tour pier',
  'payment service test',
  '湯豆腐',
  'kite festival',
];

function envFor(dataDir: string): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', HOME: dataDir, KIOKU_DATA_DIR: dataDir, KIOKU_LOG_LEVEL: 'warn' };
}

async function open(dataDir: string): Promise<AppContainer> {
  return createAppContainer(parseConfig(envFor(dataDir)), { appName: 'test' });
}

function kioku(dataDir: string, ...args: string[]) {
  return run(process.execPath, [KIOKU_BIN, ...args], { env: envFor(dataDir), maxBuffer: 64 * 1024 * 1024 });
}

/** As `kioku`, with `input` written to the command's stdin. */
function kiokuWithInput(dataDir: string, input: string, ...args: string[]) {
  const command = kioku(dataDir, ...args);
  command.child.stdin?.end(input);
  return command;
}

/** The record lines of an export, sorted (stores page in different orders), without the header's time. */
function comparable(text: string): string[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => line.replace(/"exportedAt":"[^"]+"/, '"exportedAt":"-"'))
    .sort();
}

describe('kioku export and kioku import (bin/kioku, embedded default)', () => {
  const dirs: string[] = [];
  const dir = (name: string) => {
    const d = tempDir(name);
    dirs.push(d);
    return d;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  let exported = '';
  let exportFile = '';
  let roundTripDir = '';

  it('round trip through a wiped data dir: identical records, the same recall ids in the same order', async () => {
    const dataDir = (roundTripDir = dir('roundtrip'));
    let app = await open(dataDir);
    const seed = await seedNamespace(app.container, 'default');
    const before = await snapshotNamespace(app.container, 'default');
    await app.close();

    exportFile = join(dir('files'), 'default.jsonl');
    const started = Date.now();
    const out = await kioku(dataDir, 'export', '--include-private', '--with-vectors', '--output', exportFile);
    const exportMs = Date.now() - started;
    expect(out.stdout).toBe('');
    expect(out.stderr).toContain('Exported namespace "default": 8 memories');
    expect(statSync(exportFile).mode & 0o777).toBe(0o600);
    exported = readFileSync(exportFile, 'utf8');
    expect(exported).toContain(PRIVATE_CANARY);

    const publicOnly = await kioku(dataDir, 'export');
    expect(publicOnly.stdout.split('\n')[0]).toContain('"includesPrivate":false');
    expect(publicOnly.stdout).not.toContain(PRIVATE_CANARY);
    for (const id of seed.privateIds) expect(publicOnly.stdout).not.toContain(id);
    expect(publicOnly.stderr).toContain('3 private memories left out');

    app = await open(dataDir);
    const recalled = await recallIds(app.container, 'default', QUERIES);
    await app.close();

    rmSync(dataDir, { recursive: true, force: true });
    const importStarted = Date.now();
    const imported = await kioku(dataDir, 'import', exportFile);
    const importMs = Date.now() - importStarted;
    expect(imported.stdout).toContain(
      'Imported "default" into namespace "default" (vectors reused from the file)',
    );
    expect(imported.stdout).toMatch(/memory {3}created 8, unchanged 0, updated 0, conflicts 0, skipped 0/);
    expect(imported.stdout).not.toContain(PRIVATE_CANARY);
    expect(imported.stderr).not.toContain(PRIVATE_CANARY);

    app = await open(dataDir);
    expect(await snapshotNamespace(app.container, 'default')).toEqual(before);
    const lexical = await app.container.get(MemoryRepository).matchingText('default', 'lighthouse pier', 3);
    expect(lexical.map((m) => m.memory.id)).toContain(seed.publicIds[2]);
    expect(await recallIds(app.container, 'default', QUERIES)).toEqual(recalled);
    await app.close();

    const second = await kioku(dataDir, 'import', exportFile);
    expect(second.stdout).toContain('0 records written.');
    process.stderr.write(
      `export+import of 8 memories: export ${exportMs} ms, import ${importMs} ms (process start included)\n`,
    );
  }, 300_000);

  it('import - reads stdin; export --all writes one section per namespace; such a file goes to the namespaces it names', async () => {
    const fromStdin = await kiokuWithInput(roundTripDir, exported, 'import', '-', '--namespace', 'second');
    expect(fromStdin.stdout).toContain('Imported "default" into namespace "second"');
    expect(fromStdin.stdout).toMatch(/memory {3}created 8, unchanged 0/);

    const all = await kioku(roundTripDir, 'export', '--all', '--include-private', '--with-vectors');
    const headers = all.stdout.split('\n').filter((l) => l.startsWith('{"type":"header"'));
    expect(headers.map((h) => (JSON.parse(h) as { namespace: string }).namespace)).toEqual([
      'default',
      'second',
    ]);
    expect(all.stderr).toContain('Exported namespace "second": 8 memories');
    const allFile = join(dir('files'), 'all.jsonl');
    writeFileSync(allFile, all.stdout);

    const fresh = dir('multi');
    const refused = await kioku(fresh, 'import', allFile, '--namespace', 'other').catch(
      (e: { stderr: string; code: number }) => e,
    );
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain(
      'INVALID_INPUT: The input holds 2 namespaces; it is imported into the namespaces it names (give no namespace).',
    );
    const imported = await kioku(fresh, 'import', allFile);
    expect(imported.stdout).toContain('Imported "default" into namespace "default"');
    expect(imported.stdout).toContain('Imported "second" into namespace "second"');
    const again = await kioku(fresh, 'export', '--all', '--include-private', '--with-vectors');
    expect(comparable(again.stdout)).toEqual(comparable(all.stdout));
  }, 300_000);

  it('migration: the embedded default → in-memory store → export again gives identical lines', async () => {
    const memoryStore = await createAppContainer(
      parseConfig({
        KIOKU_DATA_DIR: dir('memory-store'),
        KIOKU_VECTOR_STORE: 'memory',
        KIOKU_LOG_LEVEL: 'warn',
      }),
      { appName: 'test' },
    );
    try {
      const report = await memoryStore.container
        .get(ImportNamespaceUseCase)
        .execute({ source: fileImportSource(exportFile) });
      expect(report.namespaces[0].outcomes.memory.created).toBe(8);
      const sink = new TextSink();
      await memoryStore.container
        .get(ExportNamespaceUseCase)
        .execute({ namespace: 'default', sink, includePrivate: true, withVectors: true });
      expect(comparable(sink.text())).toEqual(comparable(exported));
    } finally {
      await memoryStore.close();
    }
  }, 120_000);

  it('an import killed with SIGKILL half-way and run again ends with exactly the exported data', async () => {
    const dataDir = dir('sigkill');
    const empty = await kioku(dataDir, 'export');
    const header = JSON.parse(empty.stdout.split('\n')[0]) as { embeddingModel: { id: string } };
    // No vectors: every memory is embedded on import, a batch of 64 at a time (the import's default),
    // so the run takes seconds. The kill lands once the first batch is written, while the second is
    // being embedded; the third is not reached.
    const total = 192;
    const lines = [
      JSON.stringify({ ...header, exportedAt: '2026-01-01T00:00:00.000Z' }),
      ...Array.from({ length: total }, (_, i) =>
        JSON.stringify({
          type: 'memory',
          memory: {
            id: `mem_${i.toString(16).padStart(12, '0')}`,
            content: `Memory number ${i} about topic ${i % 17} and the ${['river', 'garden', 'station'][i % 3]}`,
            createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
            updatedAt: new Date(Date.UTC(2025, 0, 2) + i * 60_000).toISOString(),
            category: 'daily',
            importance: (i % 5) + 1,
            emotion: { primary: 'calm', secondary: [], intensity: 0.4, valence: 0.3, arousal: 0.2 },
            tags: [`t${i % 4}`],
            isPrivate: false,
            accessCount: i % 3,
            lastAccessedAt: null,
            embeddingModel: header.embeddingModel.id,
          },
        }),
      ),
      JSON.stringify({
        type: 'trailer',
        counts: { memory: total, link: 0, episode: 0, trash: 0, setting: 0 },
      }),
    ];
    const file = join(dir('files'), 'large.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);

    const child = spawn(process.execPath, [KIOKU_BIN, 'import', file], { env: envFor(dataDir) });
    let stderr = '';
    const progress = new RegExp(`memory: (\\d+)/${total}`);
    const killed = new Promise<string>((resolve) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const done = progress.exec(stderr);
        if (done && Number(done[1]) >= 64 && Number(done[1]) < total) {
          child.kill('SIGKILL');
          resolve(done[1]);
        }
      });
      child.on('exit', () => resolve('exited'));
    });
    const at = await killed;
    expect(at).not.toBe('exited');

    const rerun = await kioku(dataDir, 'import', file);
    expect(rerun.stdout).toMatch(
      new RegExp(`memory {3}created ${total - Number(at)}|memory {3}created \\d+, unchanged \\d+`),
    );
    const after = await kioku(dataDir, 'export');
    const records = (text: string) => comparable(text).filter((l) => !l.includes('"type":"header"'));
    expect(records(after.stdout)).toEqual(records(lines.join('\n')));
    const third = await kioku(dataDir, 'import', file);
    expect(third.stdout).toContain('0 records written.');
  }, 300_000);

  it('a mistaken command line gets one clear line and exit 1, never a stack trace, and changes nothing', async () => {
    const dataDir = dir('mistakes');
    const app = await open(dataDir);
    await seedNamespace(app.container, 'default');
    const before = await snapshotNamespace(app.container, 'default');
    await app.close();
    const files = dir('mistake-files');
    const input = join(dir('mistake-input'), 'input.jsonl');
    writeFileSync(input, '');
    const refused = async (args: string[], message: string) => {
      const failure = await kioku(dataDir, ...args).then(
        () => ({ code: 0, stdout: '', stderr: '' }),
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
      expect(failure.code).toBe(1);
      expect(failure.stderr.trim().split('\n').at(-1)).toBe(message);
      expect(failure.stderr).not.toMatch(/\n\s+at |node:internal|INTERNAL/);
      expect(failure.stdout).toBe('');
    };
    await refused(
      ['import', join(files, 'missing.jsonl')],
      'kioku import: INVALID_INPUT: FILE: no such file.',
    );
    await refused(
      ['import', files],
      'kioku import: INVALID_INPUT: FILE: names a folder or a device, not a file.',
    );
    const namespaceRule =
      'INVALID_INPUT: --namespace: a namespace is 1 to 63 lower-case letters, digits, "_" or "-", starting with a letter or digit.';
    await refused(['import', '--namespace', '../x', input], `kioku import: ${namespaceRule}`);
    await refused(['export', '--namespace', 'ALICE'], `kioku export: ${namespaceRule}`);
    await refused(
      ['export', '--namespace', 'defualt'],
      'kioku export: INVALID_INPUT: --namespace: this store holds no such namespace (`kioku export --all` exports every one).',
    );
    await refused(
      ['export', '--output', join(files, 'no-such-folder', 'out.jsonl')],
      'kioku export: INVALID_INPUT: --output: the folder to write the file in does not exist.',
    );
    await refused(
      ['export', '--output', files],
      'kioku export: INVALID_INPUT: --output: names a folder; give the path of a file to write.',
    );

    expect(readdirSync(files)).toEqual([]);
    const after = await open(dataDir);
    expect(await after.container.get(NamespaceDirectory).list()).toEqual(['default']);
    expect(await snapshotNamespace(after.container, 'default')).toEqual(before);
    await after.close();
  }, 180_000);

  it('bad input is refused naming the line, and nothing is written', async () => {
    const dataDir = dir('bad');
    const file = join(dir('files'), 'truncated.jsonl');
    writeFileSync(file, exported.split('\n').slice(0, 5).join('\n'));
    const truncated = await kioku(dataDir, 'import', file).catch((e: { stderr: string; code: number }) => e);
    expect(truncated).toMatchObject({ code: 1 });
    expect((truncated as { stderr: string }).stderr).toContain(
      'kioku import: INVALID_INPUT: Line 6: the input ends before the trailer',
    );
    writeFileSync(file, exported.replace('"version":1', '"version":7'));
    const version = await kioku(dataDir, 'import', file).catch((e: { stderr: string }) => e);
    expect(version.stderr).toContain('Line 1: version: format version 7 is not supported');
    const after = await kioku(dataDir, 'export');
    expect(after.stdout).toContain('"counts":{"memory":0,"link":0,"episode":0,"trash":0,"setting":0}');
  }, 120_000);
});
