/**
 * Every REST route in process (`inject`) on the in-memory store and the real local model: its happy
 * path, its errors as problem JSON, and the operations routes.
 */
import 'reflect-metadata';
import { AppError } from '@kioku/kernel';
import { MemoryRepository, RecallUseCase } from '@kioku/memory';
import {
  startTestGateway,
  type ApiClient,
  type ApiResponse,
  type TestGateway,
} from './testing/gateway-harness';

// The root Jest config runs projects, where the preset's testTimeout does not apply; the model is slow under load.
jest.setTimeout(30_000);

function expectProblem(response: ApiResponse, status: number, code: string): void {
  expect(response.status).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^application\/problem\+json/);
  expect(response.body).toEqual({
    type: expect.stringMatching(/^urn:kioku:problem:[a-z-]+$/),
    title: expect.any(String),
    status,
    detail: expect.any(String),
    code,
  });
  expect(response.text).not.toMatch(/\bat .+\.(ts|js):\d+/);
}

describe('REST API (in process)', () => {
  let t: TestGateway;
  let api: ApiClient;

  beforeAll(async () => {
    t = await startTestGateway();
    api = t.api((await t.createKey('alpha')).token);
  });

  afterAll(() => t.close());

  const remember = async (content: string, extra: Record<string, unknown> = {}): Promise<string> => {
    const response = await api.post('/v1/memories', { content, ...extra });
    expect(response.status).toBe(201);
    return response.body.memory.id as string;
  };

  describe('POST /v1/memories (remember)', () => {
    it('saves (201) with the structured memory, and answers a near-duplicate with 200 "duplicate"', async () => {
      const saved = await api.post('/v1/memories', {
        content: 'The user adopted a grey cat named Mochi last spring.',
        emotion: 'happy',
        tags: ['pets'],
        importance: 4,
      });
      expect(saved.status).toBe(201);
      expect(saved.body).toMatchObject({
        status: 'saved',
        memory: {
          id: expect.stringMatching(/^mem_[0-9a-f]{12}$/),
          content: 'The user adopted a grey cat named Mochi last spring.',
          importance: 4,
          tags: ['pets'],
          private: false,
          emotion: { primary: 'happy' },
        },
        linked: [],
      });

      const duplicate = await api.post('/v1/memories', {
        content: 'The user adopted a grey cat named Mochi last spring!',
      });
      expect(duplicate.status).toBe(200);
      expect(duplicate.body).toMatchObject({ status: 'duplicate', existing: { id: saved.body.memory.id } });
    });

    it.each([
      [{}, /content/],
      [{ content: 42 }, /content/],
      [{ content: '   ' }, /content must not be empty/],
      [{ content: 'x'.repeat(16_001) }, /too long/],
      [{ content: '<parameter name="content">hello</parameter>' }, /XML-like markup/],
      [{ content: 'fine', tags: 'not-a-list' }, /tags/],
    ])('refuses bad input %# with 422 INVALID_INPUT', async (body, detail) => {
      const response = await api.post('/v1/memories', body);
      expectProblem(response, 422, 'INVALID_INPUT');
      expect(response.body.detail).toMatch(detail);
    });

    it('refuses malformed JSON (400) and other media types (415), quoting nothing of the body', async () => {
      const malformed = await api.post('/v1/memories', '{"content": "secret-sauce', {
        'content-type': 'application/json',
      });
      expectProblem(malformed, 400, 'MALFORMED_REQUEST');
      expect(malformed.text).not.toContain('secret-sauce');

      const plain = await api.post('/v1/memories', 'secret-sauce', { 'content-type': 'text/plain' });
      expectProblem(plain, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });
  });

  describe('POST /v1/recall', () => {
    it('returns ranked memories with ids and private flags', async () => {
      await remember('Kenji taught me to brew pour-over coffee with a gooseneck kettle.', {
        category: 'technical',
      });
      const response = await api.post('/v1/recall', { query: 'brewing coffee', n_results: 2 });
      expect(response.status).toBe(200);
      expect(response.body.results.length).toBeGreaterThan(0);
      expect(response.body.results.length).toBeLessThanOrEqual(2);
      expect(response.body.results[0]).toMatchObject({
        id: expect.stringMatching(/^mem_/),
        content: expect.stringContaining('coffee'),
        private: false,
        similarity: expect.any(Number),
        score: expect.any(Number),
      });
    });

    it.each([
      [{ query: 'x', n_results: 21 }],
      [{ query: 'x', n_results: 0 }],
      [{}],
      [{ query: '  ' }],
      [{ query: 'x'.repeat(4_001) }],
      [{ query: 'x', tags: Array.from({ length: 1_000 }, (_, i) => `t${i}`) }],
    ])('refuses %# with 422', async (body) => {
      expectProblem(await api.post('/v1/recall', body), 422, 'INVALID_INPUT');
    });
  });

  describe('PATCH /v1/memories/:id (update_memory)', () => {
    it('updates, reports unchanged, 404s an unknown id and 422s a bad type', async () => {
      const id = await remember('I started learning the cello in October.');
      const updated = await api.patch(`/v1/memories/${id}`, { importance: 5, tags: ['music'] });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        status: 'updated',
        memory: { id, importance: 5, tags: ['music'] },
      });

      const unchanged = await api.patch(`/v1/memories/${id}`, {});
      expect(unchanged.body).toMatchObject({ status: 'unchanged', memory: { id } });

      const missing = await api.patch('/v1/memories/mem_000000000000', { importance: 2 });
      expectProblem(missing, 404, 'MEMORY_NOT_FOUND');
      expect(missing.body.detail).toBe('No memory with this id exists.');

      expectProblem(await api.patch(`/v1/memories/${id}`, { private: 'yes' }), 422, 'INVALID_INPUT');
      const word = await api.patch(`/v1/memories/${id}`, { importance: 'very high' });
      expectProblem(word, 422, 'INVALID_INPUT');
      expect(word.body.detail).not.toContain('very high');
      expect((await api.get(`/v1/memories/${id}`)).body).toMatchObject({ memory: { importance: 5 } });
    });

    it('takes the id from the path only', async () => {
      const id = await remember('The plumber fixed the kitchen sink on Tuesday.');
      const response = await api.patch(`/v1/memories/${id}`, {
        memory_id: 'mem_ffffffffffff',
        importance: 2,
      });
      expect(response.body).toMatchObject({ status: 'updated', memory: { id, importance: 2 } });
    });
  });

  describe('POST /v1/links (link_memories)', () => {
    it('links (201), refuses an existing link (409), a missing memory (404) and a self-link (422)', async () => {
      const a = await remember('Rainy Sunday: read a novel about lighthouse keepers.');
      const b = await remember('Booked a trip to visit an old lighthouse on the coast.');
      const linked = await api.post('/v1/links', { source_id: a, target_id: b, link_type: 'leads_to' });
      expect(linked.status).toBe(201);
      expect(linked.body).toMatchObject({ status: 'linked', sourceId: a, targetId: b, type: 'leads_to' });

      expectProblem(
        await api.post('/v1/links', { source_id: a, target_id: b, link_type: 'leads_to' }),
        409,
        'LINK_EXISTS',
      );
      expectProblem(
        await api.post('/v1/links', { source_id: a, target_id: 'mem_000000000000' }),
        404,
        'MEMORY_NOT_FOUND',
      );
      expectProblem(await api.post('/v1/links', { source_id: a, target_id: a }), 422, 'INVALID_INPUT');
      expectProblem(
        await api.post('/v1/links', { source_id: a, target_id: b, link_type: 'friends' }),
        422,
        'INVALID_INPUT',
      );
    });
  });

  describe('DELETE /v1/memories/:id and POST /v1/memories/:id/restore', () => {
    it('deletes in two steps, restores, and refuses what cannot be done', async () => {
      const id = await remember('Lost my umbrella on the tram to Shibuya.');
      const first = await api.delete(`/v1/memories/${id}`);
      expect(first.status).toBe(202);
      const second = await api.delete(`/v1/memories/${id}?confirm=${first.body.confirmationToken}`);
      expect(second.status).toBe(200);
      expect(second.body).toMatchObject({ mode: 'ids', forgotten: [id] });

      expectProblem(await api.delete(`/v1/memories/${id}`), 404, 'MEMORY_NOT_FOUND');

      const restored = await api.post(`/v1/memories/${id}/restore`);
      expect(restored.status).toBe(200);
      expect(restored.body).toMatchObject({ status: 'restored', memoryId: id });
      const again = await api.post(`/v1/memories/${id}/restore`);
      expectProblem(again, 404, 'MEMORY_NOT_FOUND');
      expect(again.body.detail).toMatch(/^Not in trash/);
      expectProblem(await api.post('/v1/memories/mem_000000000000/restore'), 404, 'MEMORY_NOT_FOUND');
    });

    it('accepts Content-Type: application/json with no body, as many HTTP clients send it', async () => {
      const id = await remember('The bakery on the corner closes at six on Saturdays.');
      const json = { 'content-type': 'application/json' };
      const first = await api.delete(`/v1/memories/${id}`, json);
      expect(first.status).toBe(202);
      const second = await api.delete(`/v1/memories/${id}?confirm=${first.body.confirmationToken}`, json);
      expect(second.status).toBe(200);
      expect((await api.post(`/v1/memories/${id}/restore`, '', json)).status).toBe(200);
      expectProblem(await api.post('/v1/memories', '{"content":', json), 400, 'MALFORMED_REQUEST');
    });

    it('never repeats the requested ids in a refusal', async () => {
      const id = await remember('The garden hose is kept behind the shed.');
      const other = await remember('The neighbours water the garden on Wednesdays.');
      await api.post('/v1/links', { source_id: id, target_id: other, link_type: 'related' });
      const unknown = 'mem_0123456789ab';
      const refusals = [
        await api.get(`/v1/memories/${unknown}`),
        await api.patch(`/v1/memories/${unknown}`, { importance: 2 }),
        await api.delete(`/v1/memories/${unknown}`),
        await api.post(`/v1/memories/${unknown}/restore`),
        await api.post(`/v1/memories/${id}/restore`),
        await api.post('/v1/links', { source_id: id, target_id: unknown }),
        await api.post('/v1/links', { source_id: id, target_id: other, link_type: 'related' }),
        await api.get('/v1/episodes/ep_0123456789ab'),
        await api.post('/v1/merge', { keep_id: id, remove_id: unknown }),
      ];
      for (const response of refusals) {
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.text).not.toContain('0123456789ab');
        expect(response.text).not.toContain(id);
      }
    });

    it('refuses to delete a pinned memory (409)', async () => {
      const id = await remember('Never share the house key code with strangers.', { importance: 5 });
      const response = await api.delete(`/v1/memories/${id}`);
      expectProblem(response, 409, 'CONFLICT');
      expect(response.body.detail).toMatch(/pinned/);
    });
  });

  describe('forget: query and sweep', () => {
    it('lists candidates without deleting', async () => {
      const id = await remember('The dentist appointment moved to Friday at nine.');
      const response = await api.post('/v1/forget/query', { query: 'dentist appointment' });
      expect(response.status).toBe(200);
      expect(response.body.mode).toBe('query');
      expect(response.body.candidates.map((c: { id: string }) => c.id)).toContain(id);
      expect((await api.patch(`/v1/memories/${id}`, {})).body.status).toBe('unchanged');
    });

    it('refuses a query-less body and unknown keys (such as confirm)', async () => {
      expectProblem(await api.post('/v1/forget/query', {}), 422, 'INVALID_INPUT');
      expectProblem(await api.post('/v1/forget/query', { query: 'x', confirm: true }), 422, 'INVALID_INPUT');
    });

    it('executes a sweep only after a dry run by the same key', async () => {
      const execute = await api.post('/v1/forget/sweep/execute');
      expectProblem(execute, 409, 'CONFLICT');
      expect(execute.body.detail).toMatch(/POST \/v1\/forget\/sweep/);

      const dryRun = await api.post('/v1/forget/sweep');
      expect(dryRun.status).toBe(200);
      expect(dryRun.body).toMatchObject({ mode: 'sweep_report', scanned: expect.any(Number), toDrop: 0 });
      const executed = await api.post('/v1/forget/sweep/execute');
      expect(executed.status).toBe(200);
      expect(executed.body).toMatchObject({ mode: 'sweep_executed', dropped: [] });
    });
  });

  describe('episodes', () => {
    it('creates (201) and gets an episode; 404 for unknown episodes and all-unknown members; 422 for bad input', async () => {
      const a = await remember('Arrived in Kyoto and checked into a small ryokan.');
      const b = await remember('Walked through the Fushimi Inari gates at dawn.');
      const created = await api.post('/v1/episodes', {
        memory_ids: [a, b, 'mem_000000000000'],
        summary: 'Kyoto trip',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ memoryIds: [a, b], droppedIds: ['mem_000000000000'] });

      const got = await api.get(`/v1/episodes/${created.body.episodeId}`);
      expect(got.status).toBe(200);
      expect(got.body).toMatchObject({
        status: 'found',
        summary: 'Kyoto trip',
        memoryIds: [a, b],
        missingCount: 0,
      });

      expectProblem(await api.get('/v1/episodes/ep_000000000000'), 404, 'EPISODE_NOT_FOUND');
      expectProblem(
        await api.post('/v1/episodes', { memory_ids: ['mem_000000000000'], summary: 'x' }),
        404,
        'MEMORY_NOT_FOUND',
      );
      expectProblem(await api.post('/v1/episodes', { memory_ids: [], summary: 'x' }), 422, 'INVALID_INPUT');
      expectProblem(await api.post('/v1/episodes', { memory_ids: [a] }), 422, 'INVALID_INPUT');
    });
  });

  describe('consolidation', () => {
    it('consolidates, wakes up, merges; refuses a protected or missing memory and bad input', async () => {
      const consolidated = await api.post('/v1/consolidate', { window_hours: 48 });
      expect(consolidated.status).toBe(200);
      expect(consolidated.body).toMatchObject({
        replayed: expect.any(Number),
        mergeCandidates: expect.any(Array),
      });
      expectProblem(await api.post('/v1/consolidate', { window_hours: -1 }), 422, 'INVALID_INPUT');
      // Only an MCP client that lends its model can have an episode drafted.
      const episode = await api.post('/v1/consolidate', { episode: 'draft' });
      expectProblem(episode, 422, 'INVALID_INPUT');
      expect(JSON.stringify(episode.body)).toContain('episode');

      const wakeUp = await api.get('/v1/wake-up');
      expect(wakeUp.status).toBe(200);
      expect(wakeUp.body).toMatchObject({ total: expect.any(Number), recent: expect.any(Array) });
      expect(wakeUp.body.total).toBeGreaterThan(5);

      const keep = await remember('My sister Aiko lives in Osaka and works as a nurse.');
      const remove = await remember('Aiko, my sister, is a nurse in Osaka.', { force: true });
      const merged = await api.post('/v1/merge', { keep_id: keep, remove_id: remove });
      expect(merged.status).toBe(200);
      expect(merged.body).toMatchObject({ status: 'merged', keptId: keep, removedId: remove });
      expectProblem(
        await api.post('/v1/merge', { keep_id: keep, remove_id: remove }),
        404,
        'MEMORY_NOT_FOUND',
      );

      const pinned = await remember('Grandmother’s recipe for miso soup uses white miso.', { importance: 5 });
      expectProblem(await api.post('/v1/merge', { keep_id: keep, remove_id: pinned }), 409, 'CONFLICT');
      expectProblem(await api.post('/v1/merge', { keep_id: keep, remove_id: keep }), 422, 'INVALID_INPUT');
    });
  });

  describe('errors and operations', () => {
    it('answers unknown routes with a 404 problem', async () => {
      expectProblem(await api.get('/v1/nope'), 404, 'ROUTE_NOT_FOUND');
      expectProblem(await api.post('/v1/wake-up'), 404, 'ROUTE_NOT_FOUND');
    });

    it('maps STORE_UNAVAILABLE to 503 and anything unexpected to a 500 that reveals nothing', async () => {
      const recall = t.app.container.get(RecallUseCase);
      const spy = jest
        .spyOn(recall, 'execute')
        .mockRejectedValueOnce(new AppError('STORE_UNAVAILABLE', 'The vector store is not reachable.'))
        .mockRejectedValueOnce(
          new Error('connect failed for http://admin:hunter2@db.internal:8000 at /srv/app.js:12'),
        );
      expectProblem(await api.post('/v1/recall', { query: 'anything' }), 503, 'STORE_UNAVAILABLE');
      const internal = await api.post('/v1/recall', { query: 'anything' });
      expectProblem(internal, 500, 'INTERNAL');
      expect(internal.body.detail).toBe('Internal error.');
      expect(internal.text).not.toContain('hunter2');
      expect(t.logs.text()).not.toContain('hunter2');
      expect(t.logs.records.some((r) => r.event === 'http.error')).toBe(true);
      spy.mockRestore();
    });

    it('serves /healthz and /readyz without a key; /readyz is 503 when the store does not answer', async () => {
      const anonymous = t.app && t.api();
      expect((await anonymous.get('/healthz')).body).toEqual({ status: 'ok' });
      expect((await anonymous.get('/readyz')).body).toEqual({ status: 'ready' });
      const repository = t.app.container.get(MemoryRepository);
      const spy = jest
        .spyOn(repository, 'count')
        .mockRejectedValueOnce(new AppError('STORE_UNAVAILABLE', 'The vector store is not reachable.'));
      expectProblem(await anonymous.get('/readyz'), 503, 'STORE_UNAVAILABLE');
      spy.mockRestore();
    });

    it('logs every request with its route template, status and duration, never its body or path', async () => {
      const id = await remember('An access-log probe about violet tulips.');
      await api.patch(`/v1/memories/${id}`, { tags: ['flowers'] });
      const access = t.logs.records.filter((r) => r.event === 'http.request');
      expect(access.length).toBeGreaterThan(10);
      expect(
        access.find((r) => r.fields.route === '/v1/memories/:id' && r.fields.method === 'PATCH')?.fields,
      ).toMatchObject({
        status: 200,
        durationMs: expect.any(Number),
        keyId: expect.stringMatching(/^key_/),
      });
      const accessText = JSON.stringify(access);
      expect(accessText).not.toContain(id);
      expect(accessText).not.toContain('violet tulips');
    });
  });
});
