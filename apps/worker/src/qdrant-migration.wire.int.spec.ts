/**
 * WIRE-FORMAT TEST, NOT A BACKEND TEST. Migration to Qdrant (no Qdrant server can run here): a
 * namespace exported from one store (the in-process store, seeded with every kind of record) is
 * imported through the real composition into a container configured with KIOKU_VECTOR_STORE=qdrant,
 * whose real QdrantVectorStore talks to an in-process WIRE STUB (testing/qdrant-points-stub.ts).
 *
 * The option chosen is the read-back: the stub keeps created collections and upserted points and
 * answers id reads, id-ordered scrolls with exact-match payload filters and unfiltered counts;
 * similarity and BM25 queries answer nothing, any other request fails with 400 naming it. So
 * exporting again from the Qdrant-backed container must give the original file's records (all but
 * exportedAt). It also counts the points written per collection (both link directions, trash,
 * episodes). What it proves: the adapter writes every record over Qdrant's REST API and decodes
 * its own writes back whole. Nothing about Qdrant's behaviour.
 */
import { createAppContainer, type AppContainer } from '@kioku/composition';
import { parseConfig } from '@kioku/config';
import {
  ExportNamespaceUseCase,
  ImportNamespaceUseCase,
  TextSink,
  textImportSource,
} from '@kioku/portability';
import { seedNamespace } from '@kioku/portability/testing';
import { CapturingLogSink } from '@kioku/testing-fakes';
import { QdrantPointsStub } from './testing/qdrant-points-stub';
import { tempDir } from './testing/worker-test-helpers';

const NS = 'moving';

async function exportAll(app: AppContainer): Promise<string[]> {
  const sink = new TextSink();
  await app.container
    .get(ExportNamespaceUseCase)
    .execute({ namespace: NS, sink, includePrivate: true, withVectors: true });
  return sink.lines();
}

/** The records of an export, sorted (stores page in different orders), without the export time. */
function comparable(lines: string[]): string[] {
  return lines.map((line) => line.replace(/"exportedAt":"[^"]+"/, '"exportedAt":"-"')).sort();
}

describe('migration to Qdrant through export and import (wire stub, not a Qdrant backend)', () => {
  const stub = new QdrantPointsStub();
  let source: AppContainer;
  let target: AppContainer;

  beforeAll(async () => {
    const url = await stub.start();
    const quiet = { logSink: new CapturingLogSink() };
    source = await createAppContainer(
      parseConfig({ KIOKU_VECTOR_STORE: 'memory', KIOKU_DATA_DIR: tempDir('from'), KIOKU_NAMESPACE: NS }),
      { appName: 'source', ...quiet },
    );
    target = await createAppContainer(
      parseConfig({
        KIOKU_VECTOR_STORE: 'qdrant',
        KIOKU_QDRANT_URL: url,
        KIOKU_DATA_DIR: tempDir('to'),
        KIOKU_NAMESPACE: NS,
      }),
      { appName: 'target', ...quiet },
    );
  }, 120_000);

  afterAll(async () => {
    await source?.close();
    await target?.close();
    await stub.stop();
  });

  it('writes every record to Qdrant and reads the same records back', async () => {
    await seedNamespace(source.container, NS);
    const exported = await exportAll(source);
    const report = await target.container
      .get(ImportNamespaceUseCase)
      .execute({ source: textImportSource(exported.join('\n')) });
    expect(report.namespaces[0]).toMatchObject({ namespace: NS, vectors: 'reused' });
    expect(report.written).toBeGreaterThan(0);

    const memories = stub.payloads(`kioku_${NS}_memories`);
    expect(memories.length).toBe(exported.filter((l) => l.startsWith('{"type":"memory"')).length);
    const links = stub.payloads(`kioku_${NS}_links`);
    // One record per linked pair (behaviour §2.2), as the export has one line per pair.
    expect(links.length).toBe(exported.filter((l) => l.startsWith('{"type":"link"')).length);
    expect(stub.payloads(`kioku_${NS}_trash`).length).toBeGreaterThan(0);
    const episodes = exported.filter((l) => l.startsWith('{"type":"episode"')).length;
    expect(episodes).toBe(2); // the seed's public episode and the one that names a private memory
    expect(stub.payloads(`kioku_${NS}_episodes`).length).toBe(episodes);

    expect(comparable(await exportAll(target))).toEqual(comparable(exported));
  });
});
