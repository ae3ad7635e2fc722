/**
 * Design note 002/000 workflow end to end over stdio on the embedded default (the in-process store, local model):
 * consolidate → the near-duplicate pair is listed → recall → merge_memories → the kept memory carries
 * both memories' links, the removed one is in the trash and restorable.
 */
import { LinkRepository } from '@kioku/links';
import { NamespaceCollections } from '@kioku/namespace-storage';
import { callTool } from './testing/call-tool';
import { startStdioKioku, type StdioKioku } from './testing/stdio-client';

describe('consolidate and merge over stdio', () => {
  let kioku: StdioKioku;
  const call = (name: string, args: Record<string, unknown>) => callTool(kioku.client, name, args);
  /** The other ends of a memory's links, read as the product reads them (a link is one record per pair). */
  const linkTargets = async (memoryId: string) => {
    const store = kioku.store();
    const links = new LinkRepository(store, new NamespaceCollections(store));
    return (await links.linksFrom(kioku.namespace, [memoryId])).map((link) => link.targetId);
  };

  beforeAll(async () => {
    kioku = await startStdioKioku();
  }, 120_000);

  afterAll(() => kioku?.close());

  it('lists the near-duplicate pair, merges it keeping both sets of links, and can restore', async () => {
    const a = await call('remember', {
      content: "Today's conversation was fun. I learned a lot from Master.",
    });
    const b = await call('remember', {
      content: "Today's conversation was enjoyable. Master taught me many things.",
    });
    expect([a.data.status, b.data.status]).toEqual(['saved', 'saved']);
    const [aId, bId]: string[] = [a.data.memory.id, b.data.memory.id];
    const tea = await call('remember', { content: 'The user prefers green tea in the afternoon.' });
    const walk = await call('remember', { content: 'We went for a long walk along the canal.' });
    await call('link_memories', { source_id: aId, target_id: tea.data.memory.id, link_type: 'related' });
    await call('link_memories', { source_id: bId, target_id: walk.data.memory.id, link_type: 'leads_to' });

    const consolidated = await call('consolidate', {});
    expect(consolidated.text).toMatch(/^Consolidation complete\. Replayed 4 events, /);
    expect(consolidated.text).toContain('Found 1 near-duplicate pair(s):');
    expect(consolidated.text).toContain(
      'Review each pair with recall. If one is redundant, use forget to remove it.',
    );
    const pair = consolidated.data.mergeCandidates[0];
    expect([pair.a.id, pair.b.id].sort()).toEqual([aId, bId].sort());

    const wake = await call('wake_up', {});
    expect(wake.text).toContain('The last consolidation found 1 near-duplicate pair(s) to review');

    const recall = await call('recall', { query: 'conversation with Master', n_results: 2 });
    expect(recall.data.results.map((r: { id: string }) => r.id).sort()).toEqual([aId, bId].sort());

    const merged = await call('merge_memories', {
      keep_id: aId,
      remove_id: bId,
      merged_content: 'Talking with Master today was fun; Master taught me many things.',
    });
    expect(merged.text).toMatch(
      new RegExp(`^Merged ${bId} into ${aId} \\(content updated and re-embedded\\)\\.`),
    );
    const targets = await linkTargets(aId);
    expect(targets).toEqual(expect.arrayContaining([tea.data.memory.id, walk.data.memory.id]));
    expect(targets).not.toContain(bId);
    expect(await linkTargets(bId)).toEqual([]);
    expect((await call('wake_up', {})).text).not.toContain('near-duplicate');

    const restored = await call('restore', { memory_id: bId });
    expect(restored.data).toMatchObject({ status: 'restored' });
    expect(await linkTargets(bId)).toEqual(expect.arrayContaining([aId, walk.data.memory.id]));
  });
});
