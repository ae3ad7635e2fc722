/**
 * WorkspaceSync against a real temporary workspace: exact file contents through a sequence of saves,
 * deletions, privacy flips, restores and edits; private memories never written; failures logged
 * without content and never thrown.
 */
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Memory } from '@kioku/memory';
import { listTree, removeDirectory, temporaryDirectory } from '@kioku/testing-fakes';
import { memory, readText, RecordingLogger } from '../testing/workspace-sync-test-kit';
import type { WorkspaceFiles } from '@kioku/workspace-files';
import { NodeWorkspaceFiles } from '@kioku/workspace-files-node';
import { WorkspaceSync } from './workspace-sync.listener';

const NS = 'agent';
const CANARY = 'CANARY-7f3a-private';

const A = memory({
  id: 'mem_aaaaaaaaaaaa',
  content: 'Walked to the\n  river.',
  createdAt: '2026-11-21T09:05:00.000Z',
  emotion: { primary: 'happy', intensity: 0.6 },
});
const P = memory({
  id: 'mem_pppppppppppp',
  content: `${CANARY} I am afraid to say this yet.`,
  createdAt: '2026-11-21T09:10:00.000Z',
  category: 'introspection',
  importance: 5,
  isPrivate: true,
  emotion: { primary: 'vulnerable', intensity: 0.6 },
});
const B = memory({
  id: 'mem_bbbbbbbbbbbb',
  content: 'Fixed the flaky test.',
  createdAt: '2026-11-21T23:30:00-02:00',
  category: 'technical',
  importance: 4,
  emotion: { primary: 'excited', intensity: 0.8 },
});
const C = memory({
  id: 'mem_cccccccccccc',
  content: 'I notice I rush\nwhen I am unsure.',
  createdAt: '2026-11-21T10:00:00.000Z',
  category: 'introspection',
  importance: 3,
  emotion: { primary: 'contemplative', intensity: 0.5 },
});

const DAY_21 = '# Memory Log 2026-11-21\n\n';
const DAY_22 = '# Memory Log 2026-11-22\n\n';
const CURATED = '# Curated Memory\n\n';
const LINE_A =
  '- 09:05 [daily] Walked to the river. (emotion: happy, intensity: 0.60) [id:mem_aaaaaaaaaaaa]\n';
const LINE_C =
  '- 10:00 [introspection] I notice I rush when I am unsure. (emotion: contemplative, intensity: 0.50) [id:mem_cccccccccccc]\n';
const LINE_B =
  '- 01:30 [technical] Fixed the flaky test. (emotion: excited, intensity: 0.80) [id:mem_bbbbbbbbbbbb]\n';
const CURATED_B =
  '- [2026-11-22] (technical) Fixed the flaky test. (emotion: excited) [id:mem_bbbbbbbbbbbb]\n';
const CURATED_C =
  '- [2026-11-21] (introspection) I notice I rush when I am unsure. (emotion: contemplative) [id:mem_cccccccccccc]\n';
const MONOLOGUE_C =
  '# Latest Inner Monologue\n\nUpdated: 2026-11-21T10:00:00.000Z\n\nI notice I rush\nwhen I am unsure.\n';

describe('WorkspaceSync', () => {
  let base: string;
  let workspace: string;
  let logger: RecordingLogger;

  beforeEach(async () => {
    base = await temporaryDirectory('workspace-sync');
    workspace = join(base, 'workspace');
    logger = new RecordingLogger();
  });

  afterEach(() => removeDirectory(base));

  const sync = (files: WorkspaceFiles = new NodeWorkspaceFiles(workspace)) =>
    new WorkspaceSync(NS, files, logger);

  async function snapshot(): Promise<Record<string, string | null>> {
    const result: Record<string, string | null> = {};
    for (const entry of await listTree(workspace)) {
      result[entry] = entry.endsWith('/') ? null : await readFile(join(workspace, entry), 'utf8');
    }
    return result;
  }

  it('keeps the files exact through saves, a deletion, privacy flips, a restore and edits', async () => {
    const listener = sync();
    for (const saved of [A, P, B, C]) await listener.saved(NS, saved);
    const afterSaves = {
      'MEMORY.md': CURATED + CURATED_B + CURATED_C,
      'memory/': null,
      'memory/2026-11-21.md': DAY_21 + LINE_A + LINE_C,
      'memory/2026-11-22.md': DAY_22 + LINE_B,
      'memory/inner-monologue-latest.md': MONOLOGUE_C,
    };
    expect(await snapshot()).toEqual(afterSaves);

    await listener.saved(NS, A);
    await listener.saved(NS, C);
    expect(await snapshot()).toEqual(afterSaves);

    await listener.deleted(NS, C);
    expect(await snapshot()).toEqual({
      'MEMORY.md': CURATED + CURATED_B,
      'memory/': null,
      'memory/2026-11-21.md': DAY_21 + LINE_A,
      'memory/2026-11-22.md': DAY_22 + LINE_B,
    });

    const privateA: Memory = { ...A, isPrivate: true };
    await listener.updated(NS, A, privateA);
    expect(await readText(join(workspace, 'memory/2026-11-21.md'))).toBe(DAY_21);

    await listener.updated(NS, privateA, A);
    expect(await readText(join(workspace, 'memory/2026-11-21.md'))).toBe(DAY_21 + LINE_A);

    await listener.saved(NS, C);
    const afterRestore = {
      'MEMORY.md': CURATED + CURATED_B + CURATED_C,
      'memory/': null,
      'memory/2026-11-21.md': DAY_21 + LINE_A + LINE_C,
      'memory/2026-11-22.md': DAY_22 + LINE_B,
      'memory/inner-monologue-latest.md': MONOLOGUE_C,
    };
    expect(await snapshot()).toEqual(afterRestore);

    const editedB: Memory = { ...B, content: 'Fixed the flaky test\nfor good.', importance: 2 };
    await listener.updated(NS, B, editedB);
    const editedC: Memory = { ...C, content: 'I rush less now.' };
    await listener.updated(NS, C, editedC);
    expect(await snapshot()).toEqual({
      'MEMORY.md':
        CURATED +
        '- [2026-11-21] (introspection) I rush less now. (emotion: contemplative) [id:mem_cccccccccccc]\n',
      'memory/': null,
      'memory/2026-11-21.md':
        DAY_21 +
        LINE_A +
        '- 10:00 [introspection] I rush less now. (emotion: contemplative, intensity: 0.50) [id:mem_cccccccccccc]\n',
      'memory/2026-11-22.md':
        DAY_22 +
        '- 01:30 [technical] Fixed the flaky test for good. (emotion: excited, intensity: 0.80) [id:mem_bbbbbbbbbbbb]\n',
      'memory/inner-monologue-latest.md':
        '# Latest Inner Monologue\n\nUpdated: 2026-11-21T10:00:00.000Z\n\nI rush less now.\n',
    });

    await listener.updated(NS, editedC, { ...editedC, isPrivate: true });
    expect(await snapshot()).toEqual({
      'MEMORY.md': CURATED,
      'memory/': null,
      'memory/2026-11-21.md': DAY_21 + LINE_A,
      'memory/2026-11-22.md':
        DAY_22 +
        '- 01:30 [technical] Fixed the flaky test for good. (emotion: excited, intensity: 0.80) [id:mem_bbbbbbbbbbbb]\n',
    });

    expect(logger.problems()).toEqual([]);
    expect(JSON.stringify(await snapshot()) + logger.text()).not.toContain(CANARY);
  });

  it('never writes a private memory, whatever its category or importance', async () => {
    const listener = sync();
    for (const category of ['daily', 'introspection', 'lesson', 'relationship'] as const) {
      await listener.saved(NS, { ...P, category, id: `mem_p_${category}` });
    }
    await listener.updated(NS, P, { ...P, content: `${CANARY} edited` });
    await listener.deleted(NS, P);
    expect(await listTree(workspace).catch(() => [])).toEqual([]);
    expect(logger.text()).not.toContain(CANARY);
  });

  it('ignores other namespaces', async () => {
    const listener = sync();
    await listener.saved('someone-else', A);
    await listener.saved(NS, B);
    await listener.deleted('someone-else', B);
    await listener.updated('someone-else', B, { ...B, isPrivate: true });
    expect(await readText(join(workspace, 'memory/2026-11-22.md'))).toBe(DAY_22 + LINE_B);
    expect(await readText(join(workspace, 'memory/2026-11-21.md'))).toBeNull();
  });

  it('removes lines from every daily log and MEMORY.md, and from no other file', async () => {
    const listener = sync();
    await listener.saved(NS, A);
    await writeFile(join(workspace, 'memory/2026-10-01.md'), `${DAY_21}copied: ${LINE_A}`);
    await writeFile(join(workspace, 'memory/notes.md'), LINE_A);
    await writeFile(join(workspace, 'README.md'), LINE_A);
    await writeFile(join(workspace, 'MEMORY.md'), `${CURATED}- by hand [id:mem_aaaaaaaaaaaa]\nkept\n`);
    await listener.deleted(NS, A);
    expect(await readText(join(workspace, 'memory/2026-11-21.md'))).toBe(DAY_21);
    expect(await readText(join(workspace, 'memory/2026-10-01.md'))).toBe(DAY_21);
    expect(await readText(join(workspace, 'MEMORY.md'))).toBe(`${CURATED}kept\n`);
    expect(await readText(join(workspace, 'memory/notes.md'))).toBe(LINE_A);
    expect(await readText(join(workspace, 'README.md'))).toBe(LINE_A);
  });

  it('leaves another memory that quotes the deleted id alone', async () => {
    const listener = sync();
    const quoting = memory({ id: 'mem_qqqqqqqqqqqq', content: 'Remember [id:mem_aaaaaaaaaaaa]' });
    await listener.saved(NS, A);
    await listener.saved(NS, quoting);
    await listener.deleted(NS, A);
    expect(await readText(join(workspace, 'memory/2026-11-21.md'))).toBe(
      DAY_21 +
        '- 09:05 [daily] Remember [id:mem_aaaaaaaaaaaa] (emotion: neutral, intensity: 0.30) [id:mem_qqqqqqqqqqqq]\n',
    );
  });

  it('keeps the newest introspection in the inner-monologue file', async () => {
    const listener = sync();
    const later = memory({
      ...C,
      id: 'mem_dddddddddddd',
      content: 'Later thought.',
      createdAt: '2026-11-21T12:00:00Z',
    });
    await listener.saved(NS, later);
    await listener.saved(NS, C);
    expect(await readText(join(workspace, 'memory/inner-monologue-latest.md'))).toBe(
      '# Latest Inner Monologue\n\nUpdated: 2026-11-21T12:00:00.000Z\n\nLater thought.\n',
    );
    await listener.deleted(NS, C);
    expect(await readText(join(workspace, 'memory/inner-monologue-latest.md'))).toContain('Later thought.');
  });

  it('drops the inner monologue when an introspection becomes another category, and curates by importance', async () => {
    const listener = sync();
    await listener.saved(NS, C);
    const feeling: Memory = { ...C, category: 'feeling' };
    await listener.updated(NS, C, feeling);
    expect(await snapshot()).toEqual({
      'MEMORY.md': CURATED,
      'memory/': null,
      'memory/2026-11-21.md':
        DAY_21 +
        '- 10:00 [feeling] I notice I rush when I am unsure. (emotion: contemplative, intensity: 0.50) [id:mem_cccccccccccc]\n',
    });
    await listener.updated(NS, feeling, { ...feeling, importance: 5 });
    expect(await readText(join(workspace, 'MEMORY.md'))).toBe(
      CURATED +
        '- [2026-11-21] (feeling) I notice I rush when I am unsure. (emotion: contemplative) [id:mem_cccccccccccc]\n',
    );
  });

  it('writes nothing for an update that changes no shown field', async () => {
    const files = new NodeWorkspaceFiles(workspace);
    const update = jest.spyOn(files, 'update');
    const listener = sync(files);
    await listener.saved(NS, A);
    update.mockClear();
    await listener.updated(NS, A, {
      ...A,
      tags: ['walk'],
      accessCount: 3,
      updatedAt: '2026-11-22T00:00:00Z',
    });
    expect(update).not.toHaveBeenCalled();
  });

  it('moves the line when the creation date changes', async () => {
    const listener = sync();
    await listener.saved(NS, A);
    await listener.updated(NS, A, { ...A, createdAt: '2026-11-22T08:00:00Z' });
    expect(await readText(join(workspace, 'memory/2026-11-21.md'))).toBe(DAY_21);
    expect(await readText(join(workspace, 'memory/2026-11-22.md'))).toBe(
      DAY_22 +
        '- 08:00 [daily] Walked to the river. (emotion: happy, intensity: 0.60) [id:mem_aaaaaaaaaaaa]\n',
    );
  });

  it('refuses a memory/ symlinked outside the workspace: warns without content, writes nothing there', async () => {
    const outside = join(base, 'outside');
    await mkdir(outside);
    await mkdir(workspace);
    await symlink(outside, join(workspace, 'memory'));
    const listener = sync();
    await expect(listener.saved(NS, C)).resolves.toBeUndefined();
    await expect(listener.deleted(NS, A)).resolves.toBeUndefined();
    expect(await listTree(outside)).toEqual([]);
    expect(logger.problems()).toEqual(
      expect.arrayContaining([
        {
          level: 'warn',
          event: 'workspace_sync.path_refused',
          fields: { file: 'memory/2026-11-21.md', memoryId: C.id, reason: 'outside_workspace' },
        },
        {
          level: 'warn',
          event: 'workspace_sync.path_refused',
          fields: { file: 'memory/inner-monologue-latest.md', memoryId: C.id, reason: 'outside_workspace' },
        },
        {
          level: 'warn',
          event: 'workspace_sync.path_refused',
          fields: { file: 'memory', memoryId: A.id, reason: 'outside_workspace' },
        },
      ]),
    );
    expect(logger.text()).not.toContain('rush');
  });

  it('logs a failing write without content, keeps going with the other files, and does not throw', async () => {
    const failing: WorkspaceFiles = {
      read: async () => null,
      listDailyLogs: async () => [],
      update: async (file) => {
        if (file === 'MEMORY.md') return 'written';
        throw Object.assign(new Error(`ENOSPC: no space left on device, open '${file}'`), { code: 'ENOSPC' });
      },
    };
    const listener = sync(failing);
    await expect(
      listener.saved(NS, { ...C, content: `${CANARY} public introspection` }),
    ).resolves.toBeUndefined();
    expect(logger.problems()).toEqual([
      {
        level: 'error',
        event: 'workspace_sync.write_failed',
        fields: { file: 'memory/2026-11-21.md', memoryId: C.id, action: 'upsert', code: 'ENOSPC' },
      },
      {
        level: 'error',
        event: 'workspace_sync.write_failed',
        fields: {
          file: 'memory/inner-monologue-latest.md',
          memoryId: C.id,
          action: 'upsert',
          code: 'ENOSPC',
        },
      },
    ]);
    expect(logger.text()).not.toContain(CANARY);
  });

  it('logs a lock timeout, leaves the other writer’s lock and no temporary file, and writes the other files', async () => {
    await mkdir(join(workspace, 'memory'), { recursive: true });
    const lock = join(workspace, 'memory/.2026-11-21.md.lock');
    await writeFile(
      lock,
      JSON.stringify({ pid: process.pid, token: 'other', createdAt: new Date().toISOString() }),
    );
    const listener = sync(new NodeWorkspaceFiles(workspace, { lockTimeoutMs: 100 }));
    await expect(listener.saved(NS, C)).resolves.toBeUndefined();
    expect(logger.problems()).toEqual([
      {
        level: 'error',
        event: 'workspace_sync.write_failed',
        fields: { file: 'memory/2026-11-21.md', memoryId: C.id, action: 'upsert', code: 'LOCK_TIMEOUT' },
      },
    ]);
    expect(await listTree(workspace)).toEqual([
      'MEMORY.md',
      'memory/',
      'memory/.2026-11-21.md.lock',
      'memory/inner-monologue-latest.md',
    ]);
  });

  it('skips a memory with an unusable timestamp, with a warning', async () => {
    const listener = sync();
    await listener.saved(NS, { ...A, createdAt: 'not a date' });
    expect(logger.problems()).toEqual([
      {
        level: 'warn',
        event: 'workspace_sync.skipped',
        fields: { memoryId: A.id, reason: 'invalid_timestamp' },
      },
    ]);
    expect(await listTree(workspace).catch(() => [])).toEqual([]);
  });
});
