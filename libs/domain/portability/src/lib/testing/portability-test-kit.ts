/**
 * Test fixtures for export and import: a namespace with every kind of record (public and private
 * memories, explicit and automatic links, an episode naming a private memory and a public one, trash entries of a
 * public and a private memory, a setting), and a snapshot of everything a namespace holds, sorted,
 * to compare two namespaces record by record. Works on any container with the domain modules loaded.
 * `portabilityKit`, `exportText` and `importText` run the two use cases on the in-process store.
 */
import type { Container } from 'inversify';
import { createForgettingTestKit } from '@kioku/forgetting/testing';
import { CreateEpisodeUseCase, EpisodeRepository } from '@kioku/episodes';
import { MemoryDeleter, TrashRepository } from '@kioku/forgetting';
import { LinkRepository } from '@kioku/links';
import { LinkMemoriesUseCase, MemoryRepository, RecallUseCase, RememberUseCase } from '@kioku/memory';
import { NamespaceStateRepository } from '@kioku/namespace-storage';
import { ExportNamespaceUseCase } from '../application/export-namespace/export-namespace.use-case';
import type { ExportNamespaceInput } from '../application/export-namespace/export-namespace.input';
import { TextSink } from '../application/export-namespace/export-sink';
import { ImportNamespaceUseCase } from '../application/import-namespace/import-namespace.use-case';
import { textImportSource } from '../application/shared/import-source';
import { portabilityModule } from '../portability.module';

export const PRIVATE_CANARY = 'CANARY-7f3a-private';

export interface SeededNamespace {
  publicIds: string[];
  privateIds: string[];
  trashedIds: string[];
  /** An episode that names a private memory (and carries the canary in its summary). */
  episodeId: string;
  publicEpisodeId: string;
}

const FIXTURE_TEXTS = [
  'Walked along the river at dawn with my sister',
  'Debugged the flaky payment service test until midnight',
  'Learned that the lighthouse tour starts at 9 from pier 4',
  'Cooked miso soup with tofu and wakame for dinner',
  '京都で湯豆腐を食べた',
  'The kite festival is on the first Sunday of May',
];

export async function seedNamespace(
  container: Container,
  namespace: string,
  options: { setting?: boolean } = {},
): Promise<SeededNamespace> {
  const context = { namespace, callerId: 'fixture' };
  const remember = container.get(RememberUseCase);
  const save = async (content: string, extra: Record<string, unknown> = {}) => {
    const result = await remember.execute({ content, force: true, ...extra }, context);
    if (result.status !== 'saved') throw new Error('not saved');
    return result.memory.id;
  };
  const publicIds: string[] = [];
  for (const [index, text] of FIXTURE_TEXTS.entries()) {
    publicIds.push(
      await save(text, { importance: (index % 5) + 1, tags: ['fixture', `n${index}`], emotion: 'curious' }),
    );
  }
  const privateIds = [
    await save(`My diary password hint is ${PRIVATE_CANARY} (lighthouse)`, {
      private: true,
      category: 'feeling',
    }),
    await save(`Private note about the river walk ${PRIVATE_CANARY}`, { private: true, tags: ['secret'] }),
  ];
  const link = container.get(LinkMemoriesUseCase);
  await link.execute(
    { sourceId: publicIds[0], targetId: publicIds[2], type: 'leads_to', note: 'same morning' },
    context,
  );
  await link.execute({ sourceId: publicIds[1], targetId: privateIds[0], type: 'related' }, context);
  const episodes = container.get(CreateEpisodeUseCase);
  // Its summary speaks of the private member: the whole episode is private.
  const episode = await episodes.execute(
    {
      memoryIds: [publicIds[0], publicIds[2], privateIds[1]],
      summary: `The river morning ${PRIVATE_CANARY}`,
    },
    context,
  );
  const publicEpisode = await episodes.execute(
    { memoryIds: [publicIds[3], publicIds[4]], summary: 'Cooking week' },
    context,
  );
  const trashed = [
    await save('Parked the car on level 3 of the station garage'),
    await save(`Private trashed ${PRIVATE_CANARY}`, { private: true }),
  ];
  await link.execute({ sourceId: trashed[0], targetId: publicIds[3], type: 'related' }, context);
  const deleter = container.get(MemoryDeleter);
  for (const id of trashed) await deleter.delete(namespace, id, 'forget');
  if (options.setting !== false) {
    // What consolidation leaves for wake_up: a namespace setting the export carries (one pair names
    // a private memory, which a public-only export must leave out).
    await container.get(NamespaceStateRepository).write(namespace, 'consolidation', {
      lastRunAt: '2026-11-21T09:00:00.000Z',
      mergeCandidates: JSON.stringify([
        { a: publicIds[0], b: publicIds[1], similarity: 0.9 },
        { a: publicIds[2], b: privateIds[1], similarity: 0.88 },
      ]),
    });
  }
  return {
    publicIds,
    privateIds,
    trashedIds: trashed,
    episodeId: episode.episode.id,
    publicEpisodeId: publicEpisode.episode.id,
  };
}

/** Everything the namespace holds, sorted, vectors rounded to float32 precision. */
export async function snapshotNamespace(container: Container, namespace: string) {
  const memories = container.get(MemoryRepository);
  const ids: string[] = [];
  for await (const page of memories.pages(namespace, 500)) ids.push(...page.map((m) => m.id));
  const stored = await memories.get(namespace, ids.sort(), true);
  const links = (await container.get(LinkRepository).findAll(namespace)).sort((a, b) =>
    `${a.sourceId}>${a.targetId}>${a.type}`.localeCompare(`${b.sourceId}>${b.targetId}>${b.type}`),
  );
  const episodes = [];
  for await (const episode of container.get(EpisodeRepository).all(namespace)) episodes.push(episode);
  const trash = [];
  for await (const entry of container.get(TrashRepository).all(namespace, { withVectors: true }))
    trash.push(entry);
  return {
    memories: stored.map((s) => ({ ...s, vector: s.vector.map(Math.fround) })),
    links,
    episodes: episodes.sort((a, b) => a.id.localeCompare(b.id)),
    trash: trash
      .map((t) => ({ ...t, vector: t.vector.map(Math.fround) }))
      .sort((a, b) => a.memory.id.localeCompare(b.memory.id)),
  };
}

/** The ids recall returns for each query, in order. */
export async function recallIds(
  container: Container,
  namespace: string,
  queries: string[],
): Promise<string[][]> {
  const recall = container.get(RecallUseCase);
  const results: string[][] = [];
  for (const query of queries) {
    const result = await recall.execute({ query, limit: 5 }, { namespace, callerId: 'fixture' });
    results.push(result.results.map((r) => r.memory.id));
  }
  return results;
}

/** The forgetting test kit with portability loaded (loose auto-links, so the seed has some). */
export function portabilityKit() {
  return createForgettingTestKit({ memory: { linkDistance: 0.5 }, modules: [portabilityModule()] });
}

export type PortabilityKit = ReturnType<typeof portabilityKit>;

/** A portability kit whose namespace holds the seed. */
export async function seededKit(namespace: string) {
  const kit = portabilityKit();
  const seed = await seedNamespace(kit.container, namespace);
  return { kit, seed };
}

/** Exports the namespace to text: the text, its lines and the summary. */
export async function exportText(
  kit: PortabilityKit,
  namespace: string,
  options: Omit<ExportNamespaceInput, 'namespace' | 'sink'> = {},
) {
  const sink = new TextSink();
  const summary = await kit.container.get(ExportNamespaceUseCase).execute({ namespace, sink, ...options });
  return { text: sink.text(), lines: sink.lines(), summary };
}

/** Imports an export's text with the given options. */
export function importText(kit: PortabilityKit, text: string, options: Record<string, unknown> = {}) {
  return kit.container.get(ImportNamespaceUseCase).execute({ source: textImportSource(text), ...options });
}
