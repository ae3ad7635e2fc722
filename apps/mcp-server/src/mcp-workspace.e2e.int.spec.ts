/**
 * Workspace sync end to end over stdio (behaviour §6): the exact files after public and private
 * remembers, an introspection, a forget, a privacy flip and a restore.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callTool } from './testing/call-tool';
import { filesUnder } from './testing/files-under';
import { startStdioKioku, type StdioKioku } from './testing/stdio-client';

describe('workspace files over stdio', () => {
  const workspace = mkdtempSync(join(tmpdir(), 'kioku-workspace-'));
  let kioku: StdioKioku;
  const call = (name: string, args: Record<string, unknown>) => callTool(kioku.client, name, args);
  const read = (file: string) => readFileSync(join(workspace, file), 'utf8');
  const hhmm = (iso: string) => iso.slice(11, 16);

  beforeAll(async () => {
    kioku = await startStdioKioku({ KIOKU_WORKSPACE_DIR: workspace });
  }, 120_000);

  afterAll(async () => {
    await kioku?.close();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('writes, removes and restores exactly the public memories', async () => {
    const walk = (await call('remember', { content: 'Walked to the\nriver at dawn.', emotion: 'calm' })).data
      .memory;
    const promise = (
      await call('remember', {
        content: 'Promised to call my sister every Sunday.',
        importance: 4,
        emotion: 'warm',
        category: 'relationship',
      })
    ).data.memory;
    const secret = (
      await call('remember', {
        content: 'I am scared about the biopsy results.',
        private: true,
        importance: 5,
      })
    ).data.memory;
    const inner = (
      await call('remember', {
        content: 'I notice I rush when I am anxious.',
        category: 'introspection',
        emotion: 'thoughtful',
      })
    ).data.memory;
    const day = walk.createdAt.slice(0, 10);
    const daily = `memory/${day}.md`;

    expect(read(daily)).toBe(
      `# Memory Log ${day}\n\n` +
        `- ${hhmm(walk.createdAt)} [daily] Walked to the river at dawn. (emotion: calm, intensity: 0.40) [id:${walk.id}]\n` +
        `- ${hhmm(promise.createdAt)} [relationship] Promised to call my sister every Sunday. (emotion: warm, intensity: 0.50) [id:${promise.id}]\n` +
        `- ${hhmm(inner.createdAt)} [introspection] I notice I rush when I am anxious. (emotion: thoughtful, intensity: 0.50) [id:${inner.id}]\n`,
    );
    expect(read('MEMORY.md')).toBe(
      '# Curated Memory\n\n' +
        `- [${day}] (relationship) Promised to call my sister every Sunday. (emotion: warm) [id:${promise.id}]\n` +
        `- [${day}] (introspection) I notice I rush when I am anxious. (emotion: thoughtful) [id:${inner.id}]\n`,
    );
    expect(read('memory/inner-monologue-latest.md')).toBe(
      `# Latest Inner Monologue\n\nUpdated: ${inner.createdAt}\n\nI notice I rush when I am anxious.\n`,
    );

    await call('forget', { memory_id: walk.id });
    await call('forget', { memory_id: walk.id });
    expect(read(daily)).not.toContain(walk.id);

    await call('update_memory', { memory_id: promise.id, private: true });
    expect(read(daily)).not.toContain(promise.id);
    expect(read('MEMORY.md')).not.toContain(promise.id);

    await call('restore', { memory_id: walk.id });
    expect(read(daily)).toContain(
      `[daily] Walked to the river at dawn. (emotion: calm, intensity: 0.40) [id:${walk.id}]`,
    );

    const everything = filesUnder(workspace)
      .map((f) => f.text)
      .join('\n');
    expect(everything).not.toContain('biopsy');
    expect(everything).not.toContain(secret.id);
    expect(everything).not.toContain('call my sister');
  });
});
