/**
 * The design note 001 story end to end over stdio on the embedded default (the in-process store, local model):
 * query → candidates with ids; first call → confirmation; second call → deleted with the seed's text;
 * a call after the window → asks again; the deleted memory's links are gone from both sides;
 * get_episode notes the missing memory; restore brings it back with its links.
 */
import { callTool } from './testing/call-tool';
import { startStdioKioku, type StdioKioku } from './testing/stdio-client';

const CONFIRM_SECONDS = 3;

describe('forget over stdio (design note 001)', () => {
  let kioku: StdioKioku;
  const call = (name: string, args: Record<string, unknown>) => callTool(kioku.client, name, args);
  const linksOf = async (memoryId: string) => {
    const store = kioku.store();
    const page = await store.find(`kioku_${kioku.namespace}_links`, { limit: 1000 });
    return page.records.map((r) => r.id).filter((id) => id.includes(memoryId));
  };

  beforeAll(async () => {
    kioku = await startStdioKioku({ KIOKU_FORGET_CONFIRM_SECONDS: String(CONFIRM_SECONDS) });
  }, 120_000);

  afterAll(() => kioku?.close());

  it('walks query, confirmation, deletion, expiry, episode note and restore', async () => {
    const home = await call('remember', {
      content: 'The user lives in San Francisco, in the Mission district.',
    });
    const visit = await call('remember', {
      content: 'The user visited San Francisco last year for a conference.',
    });
    const other = await call('remember', { content: 'The user is learning to play the cello.' });
    const homeId: string = home.data.memory.id;
    await call('link_memories', { source_id: homeId, target_id: other.data.memory.id, link_type: 'related' });
    const episode = await call('create_episode', {
      memory_ids: [homeId, visit.data.memory.id],
      summary: 'San Francisco',
    });
    expect(episode.text).toMatch(/^Created episode ep_[0-9a-f]{12} with 2 memories\.$/);
    const linksBefore = await linksOf(homeId);
    expect(linksBefore.length).toBeGreaterThanOrEqual(2);

    const candidates = await call('forget', { query: 'San Francisco' });
    expect(candidates.text).toMatch(/candidate\(s\) for "San Francisco" \(nothing deleted\)/);
    expect(candidates.data.candidates.map((c: { id: string }) => c.id)).toContain(homeId);

    const first = await call('forget', { memory_id: homeId });
    expect(first.text).toBe(
      `Please confirm: forget "The user lives in San Francisco, in the Mission district." (id: ${homeId}, just now)? ` +
        `Call forget again with the same memory_id within ${CONFIRM_SECONDS} seconds to delete it.`,
    );

    await new Promise((r) => setTimeout(r, CONFIRM_SECONDS * 1000 + 300));
    const expired = await call('forget', { memory_id: homeId });
    expect(expired.text).toMatch(/^Please confirm: forget /);
    expect(expired.data.pending[0].requestCount).toBe(2);

    const second = await call('forget', { memory_id: homeId });
    expect(second.text).toMatch(
      new RegExp(
        `^Forgot \\(id: ${homeId}, just now\\): The user lives in San Francisco, in the Mission district\\.\\nEmotion: neutral \\| Importance: 3\\n` +
          'It can be restored with restore until \\d{4}-\\d{2}-\\d{2} \\(trash retention\\)\\.\\n\\n---\\n' +
          'This memory is gone\\. Was there anything worth preserving in a new form\\?\\n' +
          'If this was part of a merge, save the consolidated version with remember\\.$',
      ),
    );
    expect(await linksOf(homeId)).toEqual([]);
    const recall = await call('recall', { query: 'Mission district San Francisco', n_results: 5 });
    expect(recall.data.results.map((r: { id: string }) => r.id)).not.toContain(homeId);

    const got = await call('get_episode', { episode_id: episode.data.episodeId });
    expect(got.text).toContain('Memories: 1\n');
    expect(got.text).toContain('Note: 1 memory(ies) no longer exist.');

    const restored = await call('restore', { memory_id: homeId });
    expect(restored.text).toMatch(
      new RegExp(`^Restored \\(id: ${homeId}\\): The user lives in San Francisco`),
    );
    expect((await linksOf(homeId)).sort()).toEqual(linksBefore.sort());
    const gotAgain = await call('get_episode', { episode_id: episode.data.episodeId });
    expect(gotAgain.text).not.toContain('Note:');
  });

  it('refuses bad input clearly and deletes nothing', async () => {
    const keep = await call('remember', { content: 'A memory that must survive bad input.' });
    const id: string = keep.data.memory.id;
    await call('forget', { memory_id: id });
    for (const args of [
      { memory_ids: [] },
      { memory_ids: Array.from({ length: 21 }, () => id) },
      { confirm: true, memory_id: id },
      {},
    ]) {
      const result = await call('forget', args);
      expect(result.isError).toBe(true);
      expect(result.text).toMatch(/INVALID_INPUT|Input validation error/);
    }
    const unknown = await call('forget', { memory_id: 'mem_ffffffffffff' });
    expect(unknown.text).toMatch(/^Memory not found: mem_ffffffffffff/);
    const recall = await call('recall', { query: 'must survive bad input', n_results: 1 });
    expect(recall.data.results[0].id).toBe(id);
  });
});
