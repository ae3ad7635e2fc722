/**
 * Two-step delete over REST (behaviour §4.5, §8.2): 202 with a token and preview, then the token deletes;
 * wrong, reused, expired or foreign tokens delete nothing (409 / 403); repeated first calls never
 * add up to a deletion; one key's concurrent deletes do not cancel each other.
 */
import 'reflect-metadata';
import { MemoryRepository } from '@kioku/memory';
import { CONFIRMATION_HEADER } from '@kioku/operations';
import { startTestGateway, type ApiClient, type TestGateway } from '../testing/gateway-harness';
import { TOPIC_WORDS } from '../testing/load-driver';

// The root Jest config runs projects, where the preset's testTimeout does not apply; the model is slow under load.
jest.setTimeout(30_000);

describe('two-step delete', () => {
  let t: TestGateway;
  let api: ApiClient;
  let counter = 0;

  const exists = async (id: string) =>
    (await t.app.container.get(MemoryRepository).get('alpha', [id])).length === 1;
  const remember = async (client = api) => {
    counter += 1;
    const topics = TOPIC_WORDS;
    const response = await client.post('/v1/memories', {
      content: `Delete-test note ${counter}: a story about the ${topics[counter % topics.length]} number ${counter * 7}.`,
      force: true,
    });
    expect(response.status).toBe(201);
    return response.body.memory.id as string;
  };

  beforeAll(async () => {
    t = await startTestGateway();
    api = t.api((await t.createKey('alpha')).token);
  });
  afterAll(() => t.close());

  it('answers the first DELETE with 202, a token, a preview and the expiry; the token deletes', async () => {
    const id = await remember();
    const first = await api.delete(`/v1/memories/${id}`);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({
      status: 'confirmation_required',
      confirmationToken: expect.stringMatching(/^kdc_/),
      expiresAt: expect.any(String),
      preview: {
        id,
        content: expect.stringContaining('Delete-test note'),
        createdAt: expect.any(String),
        private: false,
      },
    });
    const expiresIn = Date.parse(first.body.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(290_000);
    expect(expiresIn).toBeLessThanOrEqual(300_000);
    expect(await exists(id)).toBe(true);

    const second = await api.delete(
      `/v1/memories/${id}?confirm=${encodeURIComponent(first.body.confirmationToken)}`,
    );
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ mode: 'ids', forgotten: [id], restorableUntil: expect.any(String) });
    expect(await exists(id)).toBe(false);
  });

  it('accepts the token in a header too', async () => {
    const id = await remember();
    const first = await api.delete(`/v1/memories/${id}`);
    const second = await api.delete(`/v1/memories/${id}`, {
      [CONFIRMATION_HEADER]: first.body.confirmationToken,
    });
    expect(second.status).toBe(200);
    expect(await exists(id)).toBe(false);
  });

  it('deletes nothing on repeated first calls', async () => {
    const id = await remember();
    expect((await api.delete(`/v1/memories/${id}`)).status).toBe(202);
    expect((await api.delete(`/v1/memories/${id}`)).status).toBe(202);
    expect((await api.delete(`/v1/memories/${id}`)).status).toBe(202);
    expect(await exists(id)).toBe(true);
  });

  it('refuses a wrong, reused or other-memory token with 409 and deletes nothing', async () => {
    const id = await remember();
    const other = await remember();
    const first = await api.delete(`/v1/memories/${id}`);
    const token: string = first.body.confirmationToken;

    const wrong = await api.delete(`/v1/memories/${id}?confirm=kdc_${'x'.repeat(32)}`);
    expect(wrong.status).toBe(409);
    expect(wrong.body.code).toBe('CONFIRMATION_INVALID');
    const otherMemory = await api.delete(`/v1/memories/${other}?confirm=${token}`);
    expect(otherMemory.status).toBe(409);
    expect(otherMemory.body.code).toBe('CONFIRMATION_INVALID');
    expect(await exists(id)).toBe(true);
    expect(await exists(other)).toBe(true);

    expect((await api.delete(`/v1/memories/${id}?confirm=${token}`)).status).toBe(200);
    const reused = await api.delete(`/v1/memories/${id}?confirm=${token}`);
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('CONFIRMATION_INVALID');
  });

  it("refuses another key's token with 403 (same namespace), and the owner can still use it", async () => {
    const other = t.api((await t.createKey('alpha', 'second key')).token);
    const id = await remember();
    const first = await api.delete(`/v1/memories/${id}`);
    const foreign = await other.delete(`/v1/memories/${id}?confirm=${first.body.confirmationToken}`);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({
      code: 'FORBIDDEN',
      detail: expect.stringMatching(/another API key/),
    });
    expect(await exists(id)).toBe(true);
    expect((await api.delete(`/v1/memories/${id}?confirm=${first.body.confirmationToken}`)).status).toBe(200);
  });

  it('keeps concurrent deletes by one key apart', async () => {
    const ids = await Promise.all([remember(), remember(), remember()]);
    const firsts = await Promise.all(ids.map((id) => api.delete(`/v1/memories/${id}`)));
    const seconds = await Promise.all(
      ids.map((id, i) => api.delete(`/v1/memories/${id}?confirm=${firsts[i].body.confirmationToken}`)),
    );
    expect(seconds.map((r) => r.status)).toEqual([200, 200, 200]);
    for (const id of ids) expect(await exists(id)).toBe(false);
  });

  it('404s an unknown memory and refuses an empty confirm parameter', async () => {
    expect((await api.delete('/v1/memories/mem_000000000000')).body.code).toBe('MEMORY_NOT_FOUND');
    const id = await remember();
    const empty = await api.delete(`/v1/memories/${id}?confirm=`);
    expect(empty.status).toBe(422);
    expect(await exists(id)).toBe(true);
  });
});

describe('two-step delete: expiry (KIOKU_FORGET_CONFIRM_SECONDS=1)', () => {
  let t: TestGateway;

  beforeAll(async () => {
    t = await startTestGateway({ KIOKU_FORGET_CONFIRM_SECONDS: '1' });
  });
  afterAll(() => t.close());

  it('refuses an expired token with 409 and deletes nothing; a fresh first call starts again', async () => {
    const api = t.api((await t.createKey('alpha')).token);
    const id = (await api.post('/v1/memories', { content: 'A note that should survive an expired token.' }))
      .body.memory.id;
    const first = await api.delete(`/v1/memories/${id}`);
    expect(Date.parse(first.body.expiresAt) - Date.now()).toBeLessThanOrEqual(1000);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const late = await api.delete(`/v1/memories/${id}?confirm=${first.body.confirmationToken}`);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('CONFIRMATION_EXPIRED');
    expect((await t.app.container.get(MemoryRepository).get('alpha', [id])).length).toBe(1);

    const again = await api.delete(`/v1/memories/${id}`);
    expect((await api.delete(`/v1/memories/${id}?confirm=${again.body.confirmationToken}`)).status).toBe(200);
  });
});
