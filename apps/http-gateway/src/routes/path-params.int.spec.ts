/**
 * Path ids are part of a call's one validation at the gateway: the use cases take parsed input, so
 * an id longer than the tools allow is refused here (422 naming the parameter) on every `/:id` route,
 * before any use case runs.
 */
import 'reflect-metadata';
import { INPUT_LIMITS } from '@kioku/memory/schemas';
import { startTestGateway, type ApiClient, type TestGateway } from '../testing/gateway-harness';

jest.setTimeout(30_000);

describe('path parameters', () => {
  let t: TestGateway;
  let api: ApiClient;
  const tooLong = `mem_${'0'.repeat(INPUT_LIMITS.idLength)}`;

  beforeAll(async () => {
    t = await startTestGateway();
    api = t.api((await t.createKey('alpha')).token);
  });
  afterAll(() => t.close());

  it.each([
    ['PATCH', () => api.patch(`/v1/memories/${tooLong}`, { importance: 3 })],
    ['DELETE', () => api.delete(`/v1/memories/${tooLong}`)],
    ['restore', () => api.post(`/v1/memories/${tooLong}/restore`, {})],
    ['get episode', () => api.get(`/v1/episodes/${tooLong}`)],
  ])('refuses an over-long id on %s with 422 INVALID_INPUT', async (_, send) => {
    const response = await send();
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      code: 'INVALID_INPUT',
      detail: expect.stringMatching(/^Invalid input — id: /),
    });
  });

  it('answers an id within the limit as usual (not found)', async () => {
    const response = await api.patch(`/v1/memories/mem_${'0'.repeat(12)}`, { importance: 3 });
    expect(response.status).toBe(404);
  });
});
