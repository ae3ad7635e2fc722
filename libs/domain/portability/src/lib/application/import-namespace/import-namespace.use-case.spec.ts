/**
 * Export and import on the in-process store: the round trip (every record, link, episode, trash entry
 * and setting identical, recall answering the same), idempotency, dry run, conflicts, duplicates,
 * privacy filtering, re-embedding, and bad input refused with the line named and nothing written.
 */
import { MemoryRepository, RememberUseCase } from '@kioku/memory';
import { NamespaceStateRepository } from '@kioku/namespace-storage';
import {
  PRIVATE_CANARY,
  exportText as exportNamespace,
  importText,
  portabilityKit as kit,
  recallIds,
  seededKit,
  snapshotNamespace,
  type PortabilityKit,
} from '../../testing/portability-test-kit';

const NS = 'test';
const QUERIES = [
  'river walk with my sister',
  'lighthouse tour',
  'payment service test',
  '湯豆腐',
  'kite festival May',
];

const exportText = (k: PortabilityKit, options: { includePrivate?: boolean; withVectors?: boolean } = {}) =>
  exportNamespace(k, NS, options);

async function seeded() {
  const { kit: source, seed } = await seededKit(NS);
  return { source, seed };
}

describe('export and import of a namespace', () => {
  it('round trip: every record identical, the same recall results, the lexical index filled', async () => {
    const { source, seed } = await seeded();
    const { text, summary } = await exportText(source, { includePrivate: true, withVectors: true });
    expect(summary.counts).toEqual({ memory: 8, link: expect.any(Number), episode: 2, trash: 2, setting: 1 });

    const target = kit();
    const report = await importText(target, text);
    expect(report.namespaces[0].vectors).toBe('reused');
    expect(report.namespaces[0].outcomes.memory).toEqual({
      created: 8,
      updated: 0,
      unchanged: 0,
      conflicts: 0,
      skipped: 0,
    });
    expect(await snapshotNamespace(target.container, NS)).toEqual(
      await snapshotNamespace(source.container, NS),
    );
    expect(await target.container.get(NamespaceStateRepository).read(NS, 'consolidation')).toEqual(
      await source.container.get(NamespaceStateRepository).read(NS, 'consolidation'),
    );
    expect(await recallIds(target.container, NS, QUERIES)).toEqual(
      await recallIds(source.container, NS, QUERIES),
    );
    const byWords = await target.container.get(MemoryRepository).matchingText(NS, 'lighthouse pier', 3);
    expect(byWords.map((m) => m.memory.id)).toContain(seed.publicIds[2]);
    expect(target.logs.records.map((r) => JSON.stringify(r)).join('\n')).not.toContain(PRIVATE_CANARY);
  });

  it('a second import changes nothing and writes nothing', async () => {
    const { source } = await seeded();
    const { text } = await exportText(source, { includePrivate: true, withVectors: true });
    const target = kit();
    await importText(target, text);
    const before = await snapshotNamespace(target.container, NS);
    const again = await importText(target, text);
    expect(again.written).toBe(0);
    for (const outcome of Object.values(again.namespaces[0].outcomes)) {
      expect(outcome).toMatchObject({ created: 0, updated: 0, conflicts: 0 });
    }
    expect(await snapshotNamespace(target.container, NS)).toEqual(before);
  });

  it('without vectors, the import re-embeds and still ends identical (same model)', async () => {
    const { source } = await seeded();
    const { text } = await exportText(source, { includePrivate: true });
    expect(text).not.toContain('"vector"');
    const target = kit();
    const report = await importText(target, text);
    expect(report.namespaces[0].vectors).toBe('reembedded');
    expect(await snapshotNamespace(target.container, NS)).toEqual(
      await snapshotNamespace(source.container, NS),
    );
  });

  it('a dry run reports what would change and writes nothing', async () => {
    const { source } = await seeded();
    const { text } = await exportText(source, { includePrivate: true, withVectors: true });
    const target = kit();
    const report = await importText(target, text, { dryRun: true });
    expect(report.dryRun).toBe(true);
    expect(report.written).toBe(0);
    expect(report.namespaces[0].outcomes.memory.created).toBe(8);
    expect(report.namespaces[0].outcomes.trash.created).toBe(2);
    expect(await target.container.get(MemoryRepository).count(NS)).toBe(0);
    expect((await snapshotNamespace(target.container, NS)).links).toEqual([]);
  });

  it('private memories stay out unless asked for: no content, no links, no trash, no episode naming one, no merge candidate', async () => {
    const { source, seed } = await seeded();
    const { text, summary } = await exportText(source, { withVectors: true });
    expect(summary.privateOmitted).toBe(3);
    expect(text).not.toContain(PRIVATE_CANARY);
    for (const id of [...seed.privateIds, seed.trashedIds[1]]) expect(text).not.toContain(id);
    expect(JSON.parse(text.split('\n')[0])).toMatchObject({ includesPrivate: false, withVectors: true });
    const target = kit();
    await importText(target, text);
    const snapshot = await snapshotNamespace(target.container, NS);
    expect(snapshot.memories.map((m) => m.memory.isPrivate)).not.toContain(true);
    expect(snapshot.episodes.map((e) => e.id)).toEqual([seed.publicEpisodeId]);
    expect(snapshot.trash.map((t) => t.memory.id)).toEqual([seed.trashedIds[0]]);
    expect(await target.container.get(NamespaceStateRepository).read(NS, 'consolidation')).toMatchObject({
      mergeCandidates: JSON.stringify([{ a: seed.publicIds[0], b: seed.publicIds[1], similarity: 0.9 }]),
    });
  });

  it('reports conflicts and leaves them alone, or replaces them with overwrite', async () => {
    const { source, seed } = await seeded();
    const { text } = await exportText(source, { includePrivate: true, withVectors: true });
    const edited = text.replace('Cooked miso soup', 'Cooked ramen');
    const target = kit();
    await importText(target, text);
    const report = await importText(target, edited);
    expect(report.namespaces[0].outcomes.memory).toMatchObject({ conflicts: 1, unchanged: 7, updated: 0 });
    expect(report.namespaces[0].conflictIds.memory).toEqual([seed.publicIds[3]]);
    const repo = target.container.get(MemoryRepository);
    expect((await repo.getOne(NS, seed.publicIds[3]))!.memory.content).toContain('miso');
    const overwritten = await importText(target, edited, { overwrite: true });
    expect(overwritten.namespaces[0].outcomes.memory).toMatchObject({ updated: 1, conflicts: 0 });
    expect((await repo.getOne(NS, seed.publicIds[3]))!.memory.content).toContain('ramen');
  });

  it('reports a new memory that repeats one already in the namespace, and skips it on request', async () => {
    const { source } = await seeded();
    const { text } = await exportText(source, { includePrivate: true, withVectors: true });
    const target = kit();
    const existing = await target.container
      .get(RememberUseCase)
      .execute(
        { content: 'Cooked miso soup with tofu and wakame for dinner', force: true },
        { namespace: NS, callerId: 'x' },
      );
    if (existing.status !== 'saved') throw new Error('not saved');
    const dry = await importText(target, text, { dryRun: true });
    expect(dry.namespaces[0].duplicateCount).toBe(1);
    expect(dry.namespaces[0].duplicates[0]).toMatchObject({ existingId: existing.memory.id, similarity: 1 });
    const skipped = await importText(target, text, { skipDuplicates: true });
    expect(skipped.namespaces[0].outcomes.memory).toMatchObject({ created: 7, skipped: 1 });
    expect(await target.container.get(MemoryRepository).count(NS)).toBe(8);
  });

  it('imports into another namespace when told to', async () => {
    const { source } = await seeded();
    const { text } = await exportText(source, { includePrivate: true, withVectors: true });
    const target = kit();
    const report = await importText(target, text, { namespace: 'other' });
    expect(report.namespaces[0]).toMatchObject({ namespace: 'other', fromNamespace: NS });
    expect(await target.container.get(MemoryRepository).count('other')).toBe(8);
  });

  describe('bad input: a clear error naming the line, and nothing written', () => {
    async function refused(mangle: (lines: string[]) => string[]) {
      const { source } = await seeded();
      const { lines } = await exportText(source, { includePrivate: true, withVectors: true });
      const target = kit();
      const error = await importText(target, mangle(lines).join('\n')).catch((e: Error) => e);
      expect(await target.container.get(MemoryRepository).count(NS)).toBe(0);
      expect((await snapshotNamespace(target.container, NS)).links).toEqual([]);
      return error as Error & { code?: string };
    }

    it('a truncated file (no trailer)', async () => {
      const error = await refused((lines) => lines.slice(0, 6));
      expect(error.code).toBe('INVALID_INPUT');
      expect(error.message).toMatch(
        /^Line 7: the input ends before the trailer of namespace "test" \(truncated\?\)/,
      );
    });

    it('a line cut in the middle', async () => {
      const error = await refused((lines) => [...lines.slice(0, 3), lines[3].slice(0, 40)]);
      expect(error.message).toBe('Line 4: not valid JSON (a cut-off or damaged line?)');
    });

    it('another format version', async () => {
      const error = await refused(([header, ...rest]) => [
        header.replace('"version":1', '"version":2'),
        ...rest,
      ]);
      expect(error.message).toBe(
        'Line 1: version: format version 2 is not supported (this kioku reads version 1)',
      );
    });

    it('a line with a bad field', async () => {
      const error = await refused((lines) =>
        lines.map((line, i) => (i === 5 ? line.replace(/"importance":\d/, '"importance":9') : line)),
      );
      expect(error.message).toMatch(/^Line 6: memory\.importance: /);
    });

    it('a trailer whose counts do not match', async () => {
      const error = await refused((lines) => [...lines.slice(0, 2), ...lines.slice(3)]);
      expect(error.message).toMatch(
        /^Line \d+: counts\.memory: the trailer counts 8 memory records, the section holds 7$/,
      );
    });

    it.each(['collections', 'reembed'])(
      'a store-local setting (%s), which would point the namespace at collections the store lacks',
      async (key) => {
        const error = await refused((lines) => {
          const trailer = JSON.parse(lines[lines.length - 1]) as { counts: { setting: number } };
          trailer.counts.setting++;
          const setting = { type: 'setting', key, value: { generation: 7 } };
          return [...lines.slice(0, -1), JSON.stringify(setting), JSON.stringify(trailer)];
        });
        expect(error.code).toBe('INVALID_INPUT');
        expect(error.message).toMatch(new RegExp(`^Line \\d+: key: "${key}" describes one store's layout`));
      },
    );

    /** The lines with the first record of `type` changed by `change`. */
    const withFirst =
      (type: string, change: (record: Record<string, unknown>) => Record<string, unknown>) =>
      (lines: string[]) => {
        const index = lines.findIndex((line) => line.startsWith(`{"type":"${type}"`));
        const line = JSON.parse(lines[index]) as Record<string, Record<string, unknown>>;
        return lines.map((l, i) =>
          i === index ? JSON.stringify({ ...line, [type]: change(line[type]) }) : l,
        );
      };

    it.each([
      ['a path-like id', 'memory', { id: '../../workspace/2026-01-01' }, 'memory.id'],
      ['an id in markup', 'memory', { id: '<img src=x onerror=alert(1)>' }, 'memory.id'],
      ['a forged workspace entry as id', 'memory', { id: 'mem_0123456789ab\n- forged entry' }, 'memory.id'],
      ['an id with NUL', 'memory', { id: 'mem_0123\u000056789ab' }, 'memory.id'],
      ['an id with a bidi override', 'memory', { id: 'mem_\u202e0123456789ab' }, 'memory.id'],
      ['content with NUL', 'memory', { content: 'before\u0000after' }, 'memory.content'],
      [
        'content of only invisible characters',
        'memory',
        { content: '\u200b\u3164 \u2800\u115f' },
        'memory.content',
      ],
      ['60 tags', 'memory', { tags: Array.from({ length: 60 }, (_, i) => `tag${i}`) }, 'memory.tags'],
      ['a link to a path-like id', 'link', { targetId: '../etc/passwd' }, 'link.targetId'],
      ['an episode with a forged id', 'episode', { id: 'ep_<script>' }, 'episode.id'],
    ])('a record with %s, as remember would refuse it', async (_, type, change, field) => {
      const error = await refused(withFirst(type, (record) => ({ ...record, ...change })));
      expect(error.code).toBe('INVALID_INPUT');
      expect(error.message.startsWith(`Line `)).toBe(true);
      expect(error.message).toContain(`: ${field}: `);
      for (const value of Object.values(change).flat()) expect(error.message).not.toContain(String(value));
    });

    it('never quotes private content in the error', async () => {
      const error = await refused((lines) =>
        lines.map((line) =>
          line.includes(PRIVATE_CANARY) ? line.replace('"isPrivate":true', '"isPrivate":"yes"') : line,
        ),
      );
      expect(error.message).toMatch(/^Line \d+: memory\.isPrivate: /);
      expect(error.message).not.toContain(PRIVATE_CANARY);
    });
  });
});
