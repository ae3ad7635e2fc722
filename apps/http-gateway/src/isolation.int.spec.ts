/**
 * Namespace isolation over REST (behaviour §2.6): a key for namespace alpha can neither see nor touch
 * namespace beta's memories, links, episodes or trash — every attempt is a 404 exactly as for an id
 * that does not exist, recall never returns beta's memories, and beta's data is intact afterwards.
 */
import 'reflect-metadata';
import { MemoryRepository } from '@kioku/memory';
import { startTestGateway, type ApiClient, type TestGateway } from './testing/gateway-harness';

// The root Jest config runs projects, where the preset's testTimeout does not apply; the model is slow under load.
jest.setTimeout(30_000);

describe('namespace isolation', () => {
  let t: TestGateway;
  let alpha: ApiClient;
  let beta: ApiClient;
  let betaIds: string[];
  let betaTrashed: string;
  let betaEpisode: string;

  beforeAll(async () => {
    t = await startTestGateway();
    alpha = t.api((await t.createKey('alpha')).token);
    beta = t.api((await t.createKey('beta')).token);
    await alpha.post('/v1/memories', { content: 'Alpha keeps bees on the roof of the studio.' });
    betaIds = [];
    for (const content of [
      'Beta learned that the zeppelin museum opens at ten.',
      'Beta hid the spare zeppelin model behind the bookshelf.',
      'Beta promised to call grandfather about the zeppelin ride.',
    ]) {
      const saved = await beta.post('/v1/memories', { content, tags: ['zeppelin'] });
      betaIds.push(saved.body.memory.id);
    }
    betaEpisode = (await beta.post('/v1/episodes', { memory_ids: betaIds, summary: 'Zeppelin week' })).body
      .episodeId;
    const doomed = await beta.post('/v1/memories', {
      content: 'Beta will forget this note about a zeppelin ticket stub.',
    });
    betaTrashed = doomed.body.memory.id;
    const first = await beta.delete(`/v1/memories/${betaTrashed}`);
    expect(
      (await beta.delete(`/v1/memories/${betaTrashed}?confirm=${first.body.confirmationToken}`)).status,
    ).toBe(200);
  });

  afterAll(() => t.close());

  it("never returns beta's memories to alpha's recall or forget query", async () => {
    const recall = await alpha.post('/v1/recall', { query: 'zeppelin', n_results: 20, tags: ['zeppelin'] });
    expect(recall.status).toBe(200);
    expect(recall.body.results).toEqual([]);
    const broad = await alpha.post('/v1/recall', {
      query: 'zeppelin museum grandfather bookshelf',
      n_results: 20,
    });
    for (const result of broad.body.results) expect(betaIds).not.toContain(result.id);
    const candidates = await alpha.post('/v1/forget/query', { query: 'zeppelin' });
    for (const candidate of candidates.body.candidates) expect(betaIds).not.toContain(candidate.id);
    expect((await alpha.get('/v1/wake-up')).body.total).toBe(1);
    expect((await beta.get('/v1/wake-up')).body.total).toBe(3);
  });

  it("answers 404 to alpha for every operation on beta's ids", async () => {
    const [b1, b2] = betaIds;
    const attempts = [
      await alpha.patch(`/v1/memories/${b1}`, { content: 'Overwritten by alpha', importance: 1 }),
      await alpha.delete(`/v1/memories/${b1}`),
      await alpha.post(`/v1/memories/${betaTrashed}/restore`),
      await alpha.get(`/v1/episodes/${betaEpisode}`),
      await alpha.post('/v1/links', { source_id: b1, target_id: b2 }),
      await alpha.post('/v1/merge', { keep_id: b1, remove_id: b2 }),
      await alpha.post('/v1/episodes', { memory_ids: [b1, b2], summary: 'stolen' }),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(404);
      expect(['MEMORY_NOT_FOUND', 'EPISODE_NOT_FOUND']).toContain(response.body.code);
    }
  });

  it("cannot delete beta's memory with a token obtained by beta", async () => {
    const first = await beta.delete(`/v1/memories/${betaIds[2]}`);
    expect(first.status).toBe(202);
    const stolen = await alpha.delete(`/v1/memories/${betaIds[2]}?confirm=${first.body.confirmationToken}`);
    expect(stolen.status).toBe(403);
    expect(stolen.body.code).toBe('FORBIDDEN');
  });

  it("leaves beta's data exactly as it was", async () => {
    const repository = t.app.container.get(MemoryRepository);
    const stored = await repository.get('beta', betaIds);
    expect(stored.map((s) => s.memory.content).sort()).toEqual(
      [
        'Beta learned that the zeppelin museum opens at ten.',
        'Beta hid the spare zeppelin model behind the bookshelf.',
        'Beta promised to call grandfather about the zeppelin ride.',
      ].sort(),
    );
    expect(stored.every((s) => s.memory.importance === 3)).toBe(true);
    const episode = await beta.get(`/v1/episodes/${betaEpisode}`);
    expect(episode.body).toMatchObject({ status: 'found', memoryIds: betaIds, missingCount: 0 });
    expect((await beta.post(`/v1/memories/${betaTrashed}/restore`)).status).toBe(200);
    expect(await repository.count('alpha')).toBe(1);
  });
});
