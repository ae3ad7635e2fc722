import { EXPORT_FORMAT_NAME, EXPORT_FORMAT_VERSION, RECORD_KINDS } from '../../domain/export-format';
import { PRIVATE_CANARY, exportText, portabilityKit, seededKit } from '../../testing/portability-test-kit';
import type { ExportProgress } from './export-namespace.input';

const NS = 'test';

describe('ExportNamespaceUseCase', () => {
  it('writes the header, every kind in the format order, and a trailer counting what it wrote', async () => {
    const { kit } = await seededKit(NS);
    const { lines, summary } = await exportText(kit, NS, { includePrivate: true });
    const parsed = lines.map((line) => JSON.parse(line) as { type: string; counts?: unknown });
    expect(parsed[0]).toMatchObject({
      type: 'header',
      format: EXPORT_FORMAT_NAME,
      version: EXPORT_FORMAT_VERSION,
      namespace: NS,
      embeddingModel: { id: kit.embeddings.modelId, dimension: kit.embeddings.dimension },
      withVectors: false,
      includesPrivate: true,
      exportedAt: kit.clock.now().toISOString(),
    });
    const body = parsed.slice(1, -1).map((line) => line.type);
    expect(body).toEqual(
      [...body].sort((a, b) => RECORD_KINDS.indexOf(a as never) - RECORD_KINDS.indexOf(b as never)),
    );
    const written = Object.fromEntries(
      RECORD_KINDS.map((kind) => [kind, body.filter((t) => t === kind).length]),
    );
    expect(parsed.at(-1)).toEqual({ type: 'trailer', counts: written });
    expect(summary.counts).toEqual(written);
    expect(written).toMatchObject({ memory: 8, episode: 2, trash: 2, setting: 1 });
    expect(summary.privateOmitted).toBe(0);
  });

  it('leaves private memories out by default, with their links, trash entries and the episodes naming them', async () => {
    const { kit, seed } = await seededKit(NS);
    const { text, summary } = await exportText(kit, NS);
    expect(summary.privateOmitted).toBe(3);
    expect(summary.counts).toMatchObject({ memory: 8 - 2, episode: 1, trash: 1 });
    expect(text).not.toContain(PRIVATE_CANARY);
    for (const id of [...seed.privateIds, seed.trashedIds[1], seed.episodeId]) expect(text).not.toContain(id);
    expect(JSON.parse(text.split('\n')[0])).toMatchObject({ includesPrivate: false });
  });

  it('carries vectors only when asked for', async () => {
    const { kit } = await seededKit(NS);
    const records = async (withVectors: boolean) =>
      (await exportText(kit, NS, { withVectors })).lines
        .map((line) => JSON.parse(line) as { type: string; vector?: number[] })
        .filter((line) => line.type === 'memory' || line.type === 'trash');
    expect((await records(false)).some((line) => 'vector' in line)).toBe(false);
    const withVectors = await records(true);
    expect(withVectors.every((line) => line.vector?.length === kit.embeddings.dimension)).toBe(true);
  });

  it('reports its progress per kind, memories against their total', async () => {
    const { kit } = await seededKit(NS);
    const progress: ExportProgress[] = [];
    await exportText(kit, NS, { includePrivate: true, onProgress: (p) => progress.push(p) });
    expect(progress.filter((p) => p.kind === 'memory').at(-1)).toEqual({ kind: 'memory', done: 8, total: 8 });
    expect(progress.filter((p) => p.kind === 'trash').at(-1)).toEqual({ kind: 'trash', done: 2 });
  });

  it('exports an empty namespace as a header and a trailer of zeros', async () => {
    const kit = portabilityKit();
    const { lines, summary } = await exportText(kit, 'empty');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[1])).toEqual({
      type: 'trailer',
      counts: { memory: 0, link: 0, episode: 0, trash: 0, setting: 0 },
    });
    expect(summary.privateOmitted).toBe(0);
  });
});
