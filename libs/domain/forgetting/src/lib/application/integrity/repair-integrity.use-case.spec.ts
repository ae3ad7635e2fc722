import { CreateEpisodeUseCase, EpisodeRepository } from '@kioku/episodes';
import { legacyLinkRecord } from '@kioku/links/testing';
import { MemoryRepository, RecallUseCase, RememberBatchUseCase } from '@kioku/memory';
import { createForgettingTestKit } from '../../testing/forgetting-test-kit';
import { TrashRepository } from '../trash.repository';
import { RepairIntegrityUseCase } from './repair-integrity.use-case';

describe('RepairIntegrityUseCase', () => {
  const setup = () => {
    const kit = createForgettingTestKit({ memory: { linkDistance: 0 } });
    return {
      ...kit,
      repair: () => kit.container.get(RepairIntegrityUseCase).execute('test'),
      repo: kit.container.get(MemoryRepository),
      trash: kit.container.get(TrashRepository),
    };
  };
  const link = (sourceId: string, targetId: string) => ({
    sourceId,
    targetId,
    type: 'related' as const,
    confidence: 0.5,
    note: '',
    createdAt: '',
  });

  it('removes links with a missing end and keeps the others', async () => {
    const { remember, links, repair, linkHealth, repo } = setup();
    const [a, b, c] = [
      await remember({ content: 'A' }),
      await remember({ content: 'B' }),
      await remember({ content: 'C' }),
    ];
    await links.saveBoth('test', [link(a.id, b.id), link(a.id, c.id)]);
    await repo.delete('test', [c.id]);
    expect((await linkHealth()).dangling).toHaveLength(2);

    const report = await repair();
    expect(report).toMatchObject({ linksChecked: 2, danglingLinksRemoved: 1, legacyLinkRecordsMerged: 0 });
    const health = await linkHealth();
    expect(health.links.map((l) => `${l.sourceId}>${l.targetId}`).sort()).toEqual(
      [`${a.id}>${b.id}`, `${b.id}>${a.id}`].sort(),
    );
    expect(health.dangling).toEqual([]);
    expect(await repair()).toMatchObject({ linksChecked: 1, danglingLinksRemoved: 0 });
  });

  it('merges the per-direction records of an older store into one record per pair', async () => {
    const { remember, store, repair, linkHealth, links } = setup();
    const [a, b, c] = [
      await remember({ content: 'A' }),
      await remember({ content: 'B' }),
      await remember({ content: 'C' }),
    ];
    const [first, second] = [a.id, b.id].sort();
    const [low, high] = [b.id, c.id].sort();
    await links.linksFrom('test', [a.id]); // opens the collection
    await store.upsert('kioku_test_links', [
      legacyLinkRecord(first, second, { confidence: 0.7 }),
      legacyLinkRecord(second, first, { confidence: 0.7 }),
      legacyLinkRecord(high, low, { confidence: 0.4 }), // an older crash left only this direction
    ]);
    // Read as pairs before the merge: each pair once, from either end.
    expect((await links.linksFrom('test', [a.id])).map((l) => [l.targetId, l.confidence])).toEqual([
      [b.id, 0.7],
    ]);
    expect(await links.find('test', c.id, b.id, 'related')).toMatchObject({
      sourceId: c.id,
      confidence: 0.4,
    });

    expect(await repair()).toMatchObject({
      legacyLinkRecordsMerged: 2,
      linksChecked: 2,
      danglingLinksRemoved: 0,
    });
    const records = (await store.find('kioku_test_links', { limit: 10 })).records;
    expect(records.map((r) => r.id).sort()).toEqual(
      [`${first}>${second}>related`, `${low}>${high}>related`].sort(),
    );
    const health = await linkHealth();
    expect(health.links).toHaveLength(4);
    expect(health.links.every((l) => l.note === 'old')).toBe(true);
    expect(await repair()).toMatchObject({ legacyLinkRecordsMerged: 0, linksChecked: 2 });
  });

  it('finishes an interrupted deletion and an interrupted restore', async () => {
    const { remember, links, trash, repo, repair, linkHealth } = setup();
    const [a, b, keep] = [
      await remember({ content: 'To delete' }),
      await remember({ content: 'To restore' }),
      await remember({ content: 'Neighbour' }),
    ];
    await links.saveBoth('test', [link(a.id, keep.id)]);
    const stored = (id: string) => repo.getOne('test', id, true);
    // Deletion crashed after the trash snapshot: the memory and its links are still there.
    await trash.put('test', {
      memory: a,
      vector: (await stored(a.id))!.vector,
      links: [link(a.id, keep.id)],
      deletedAt: new Date().toISOString(),
      reason: 'forget',
      restoring: false,
    });
    // Restore crashed after saving the memory: the trash entry is marked restoring, links not yet back.
    await trash.put('test', {
      memory: b,
      vector: (await stored(b.id))!.vector,
      links: [link(b.id, keep.id)],
      deletedAt: new Date().toISOString(),
      reason: 'forget',
      restoring: true,
    });

    const report = await repair();
    expect(report).toMatchObject({ interruptedDeletionsCompleted: 1, interruptedRestoresCompleted: 1 });
    expect(await repo.getOne('test', a.id)).toBeNull();
    expect(await repo.getOne('test', b.id)).not.toBeNull();
    expect(await trash.get('test', a.id)).not.toBeNull();
    expect(await trash.get('test', b.id)).toBeNull();
    const health = await linkHealth();
    expect(health.links.map((l) => `${l.sourceId}>${l.targetId}`).sort()).toEqual(
      [`${b.id}>${keep.id}`, `${keep.id}>${b.id}`].sort(),
    );
  });

  it('drops ids of deleted memories from episodes', async () => {
    const { remember, repo, repair, container, context } = setup();
    const [a, b] = [await remember({ content: 'Day one' }), await remember({ content: 'Day two' })];
    const { episode } = await container
      .get(CreateEpisodeUseCase)
      .execute({ memoryIds: [a.id, b.id], summary: 'Trip' }, context);
    await repo.delete('test', [a.id]);
    expect(await repair()).toMatchObject({ episodeIdsDropped: 1 });
    expect((await container.get(EpisodeRepository).get('test', episode.id))?.memoryIds).toEqual([b.id]);
  });

  it('rewrites the tag keys of memories whose keys differ from their tags, and nothing else', async () => {
    const { remember, store, repair, container, context } = setup();
    const kept = await remember({ content: 'Tea in the garden', tags: ['garden'] });
    const raced = await remember({ content: 'Rain on the roof', tags: ['start'] });
    const collection = 'kioku_test_memories';
    // What two updates racing on a store that merges metadata left: the keys of both versions' tags.
    await store.rewrite(collection, [raced.id], (record) => ({
      id: record.id,
      vector: record.vector ?? [],
      metadata: { ...record.metadata, tag_alpha: true, tag_start: true },
      document: record.document,
    }));
    const recall = container.get(RecallUseCase);
    const taggedAlpha = async () =>
      (await recall.execute({ query: 'rain roof', tags: ['alpha'] }, context)).results.map(
        (r) => r.memory.id,
      );
    expect(await taggedAlpha()).toEqual([raced.id]);
    const [before] = await store.get(collection, [raced.id], { includeVectors: true });

    expect(await repair()).toMatchObject({ tagKeysRebuilt: 1 });
    expect(await taggedAlpha()).toEqual([]);
    const [after] = await store.get(collection, [raced.id], { includeVectors: true });
    const { tag_alpha: _lost, ...rest } = before.metadata;
    expect(after).toEqual({ ...before, metadata: rest });
    expect((await store.get(collection, [kept.id]))[0].metadata).toMatchObject({ tag_garden: true });
    expect(await repair()).toMatchObject({ tagKeysRebuilt: 0 });
  });

  describe('a batch stopped between storing its memories and writing their links', () => {
    const TOPICS = ['garden', 'kitchen', 'river', 'station', 'library', 'market', 'harbour', 'school'];
    // 96 texts in three chunks of 32, each close to others before and after it (shared words).
    const TEXTS = Array.from(
      { length: 96 },
      (_, i) => `note ${i} about the ${TOPICS[i % 8]} and the ${TOPICS[(i * 3) % 8]} in week ${i % 5}`,
    );
    const batchKit = () => {
      const kit = createForgettingTestKit({ memory: { linkDistance: 0.6 } });
      const batch = (texts: string[]) =>
        kit.container.get(RememberBatchUseCase).execute(
          texts.map((content) => ({ content, force: true })),
          { namespace: 'test', callerId: 'caller-a' },
        );
      /** Every link as `content ↔ content (type, confidence)`, so two namespaces compare by text. */
      const linkTexts = async () => {
        const contentOf = new Map<string, string>();
        for await (const page of kit.container.get(MemoryRepository).pages('test', 500))
          for (const m of page) contentOf.set(m.id, m.content);
        return (await kit.links.findAll('test'))
          .map(
            (l) =>
              `${contentOf.get(l.sourceId)} → ${contentOf.get(l.targetId)} (${l.type}, ${l.confidence.toFixed(6)}, ${l.createdAt})`,
          )
          .sort();
      };
      return { ...kit, batch, linkTexts };
    };

    it('gets, after the integrity check, exactly the links an uninterrupted batch of the same memories has', async () => {
      const stopped = batchKit();
      // The process dies as the second chunk's links are written: its 32 memories are stored, the
      // third chunk never is (what kill -9 leaves; the process-level test drives a real one).
      const upsert = stopped.store.upsert.bind(stopped.store);
      let linkWrites = 0;
      jest.spyOn(stopped.store, 'upsert').mockImplementation(async (collection, records) => {
        if (collection.endsWith('_links') && ++linkWrites === 2) throw new Error('killed');
        return upsert(collection, records);
      });
      await stopped.batch(TEXTS);
      jest.restoreAllMocks();
      const saved = await stopped.container.get(MemoryRepository).count('test');
      expect(saved).toBe(64);
      const unlinkedBefore = await stopped.linkTexts();

      const report = await stopped.container.get(RepairIntegrityUseCase).execute('test');
      expect(report.memoriesRelinked).toBeGreaterThan(0);

      const whole = batchKit();
      await whole.batch(TEXTS.slice(0, saved));
      const expected = await whole.linkTexts();
      expect(unlinkedBefore.length).toBeLessThan(expected.length);
      expect(await stopped.linkTexts()).toEqual(expected);
      expect((await stopped.linkHealth()).dangling).toEqual([]);

      // A second check finds nothing more to do.
      expect(await stopped.container.get(RepairIntegrityUseCase).execute('test')).toMatchObject({
        memoriesRelinked: 0,
        autoLinksRestored: 0,
      });
    });

    it('writes nothing for memories that have no neighbour close enough', async () => {
      const kit = batchKit();
      await kit.batch(['apples in the orchard', 'the tax return is due', 'a blue bicycle']);
      const before = await kit.linkTexts();
      expect(await kit.container.get(RepairIntegrityUseCase).execute('test')).toMatchObject({
        memoriesRelinked: 0,
      });
      expect(await kit.linkTexts()).toEqual(before);
    });
  });
});
