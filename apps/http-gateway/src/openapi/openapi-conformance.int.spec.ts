/**
 * Real responses against the served OpenAPI document: every route is called with real inputs on the
 * in-memory store and the local model, in each documented status this setup can produce, and every
 * body is validated against the schema `/openapi.json` declares for that path, method and status
 * (Ajv strict; the schemas are closed, so a field the document lacks fails). The last test asserts
 * that every operation, and every documented status except the few listed in NOT_PRODUCED_HERE,
 * was exercised: a new route or status without a call here fails.
 */
import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { httpRequest, jsonOrUndefined, startTestGateway, type TestGateway } from '../testing/gateway-harness';
import { OpenApiConformance, headersOnly, type ServedDocument } from '../testing/openapi-conformance';

// The root Jest config runs projects, where the preset's testTimeout does not apply; the model is slow under load.
jest.setTimeout(60_000);

/** Statuses that need a failing store, a tight rate limit or a full session table (their own specs). */
const NOT_PRODUCED_HERE: Record<string, string> = {
  '429': 'rate limit and in-flight limit: limits.spec.ts',
  '500': 'internal errors: to-problem.spec.ts',
  '503': 'store down, busy, deadline, shutting down, too many MCP sessions: hardening/shutdown specs',
};
/** A restore whose id is both in the trash and alive needs two writers racing; restore.use-case.spec.ts. */
const RESTORE_CONFLICT = 'post /v1/memories/{id}/restore 409';

interface Call {
  token?: string;
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

describe('real REST responses conform to the served OpenAPI document', () => {
  let t: TestGateway;
  let doc: ServedDocument;
  let conformance: OpenApiConformance;
  let alpha: string;
  let alphaSecond: string;

  /** Sends, checks the status, validates the response against the document; returns the JSON body. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON fields
  async function call(method: string, path: string, status: number, c: Call = {}): Promise<any> {
    const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(c.params?.[name] ?? ''));
    const payload =
      c.body === undefined ? undefined : typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
    const response = await httpRequest(
      `${t.baseUrl}${url}${c.query ?? ''}`,
      method.toUpperCase(),
      {
        ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
        ...(payload === undefined ? {} : { 'content-type': c.contentType ?? 'application/json' }),
        ...c.headers,
      },
      payload,
    );
    expect({ route: `${method} ${path}`, status: response.status }).toEqual({
      route: `${method} ${path}`,
      status,
    });
    const body = jsonOrUndefined(response.text);
    conformance.check(method, path, {
      status: response.status,
      contentType: response.headers['content-type'] as string | undefined,
      body,
    });
    return body;
  }

  const remember = async (content: string, extra: Record<string, unknown> = {}): Promise<string> =>
    (await call('post', '/v1/memories', 201, { token: alpha, body: { content, ...extra } })).memory.id;

  beforeAll(async () => {
    t = await startTestGateway();
    alpha = (await t.createKey('alpha')).token;
    alphaSecond = (await t.createKey('alpha', 'second')).token;
    doc = (await t.api().get('/openapi.json')).body as ServedDocument;
    conformance = new OpenApiConformance(doc);
  });
  afterAll(() => t.close());

  it('operations: health, readiness, metrics, the document itself', async () => {
    await call('get', '/healthz', 200);
    await call('get', '/readyz', 200);
    await call('get', '/metrics', 200);
    await call('get', '/openapi.json', 200);
  });

  it('memories: remember, recall, update, link', async () => {
    const cat = await remember('The user adopted a grey cat named Mochi last spring.', { tags: ['pets'] });
    await call('post', '/v1/memories', 200, {
      token: alpha,
      body: { content: 'The user adopted a grey cat named Mochi last spring!' },
    });
    await remember('A private note: the spare key is under the blue flowerpot.', { private: true });
    await call('post', '/v1/memories', 422, { token: alpha, body: { content: '   ' } });

    const recall = await call('post', '/v1/recall', 200, { token: alpha, body: { query: 'grey cat' } });
    expect(recall.results.length).toBeGreaterThan(0);
    await call('post', '/v1/recall', 422, { token: alpha, body: { query: 'x', n_results: 99 } });

    const patch = (status: number, id: string, body: unknown) =>
      call('patch', '/v1/memories/{id}', status, { token: alpha, params: { id }, body });
    expect((await patch(200, cat, { importance: 4, emotion: 'happy' })).status).toBe('updated');
    expect((await patch(200, cat, { importance: 4 })).status).toBe('unchanged');
    await patch(404, 'mem_000000000000', { importance: 3 });
    await patch(422, cat, { content: '   ' });

    const coffee = await remember('Kenji taught me to brew pour-over coffee with a gooseneck kettle.');
    const link = (status: number, body: unknown) => call('post', '/v1/links', status, { token: alpha, body });
    await link(201, { source_id: cat, target_id: coffee, type: 'related' });
    await link(409, { source_id: cat, target_id: coffee, type: 'related' });
    await link(404, { source_id: cat, target_id: 'mem_000000000000' });
    await link(422, { source_id: cat });

    const batch = await call('post', '/v1/memories/batch', 200, {
      token: alpha,
      body: {
        memories: [
          { content: 'Aiko and I planned the Kyoto trip for April.' },
          { content: 'The user adopted a grey cat named Mochi last spring.' },
          { content: '   ' },
          { content: 'A private note: the ryokan booking number is 4471.', private: true },
        ],
      },
    });
    expect(batch.results.map((r: { status: string }) => r.status)).toEqual([
      'saved',
      'duplicate',
      'error',
      'saved',
    ]);
    expect(batch).toMatchObject({ saved: 2, duplicates: 1, errors: 1 });
    expect(batch.results[1].existing.id).toBe(cat);
    const oversize = Array.from({ length: 129 }, (_, i) => ({ content: `Batch item number ${i}` }));
    const refused = await call('post', '/v1/memories/batch', 422, {
      token: alpha,
      body: { memories: oversize },
    });
    expect(refused.detail).toContain(
      'A batch holds 1 to 128 memories (KIOKU_MAX_BATCH_SIZE); this one holds 129.',
    );
    await call('post', '/v1/memories/batch', 422, { token: alpha, body: { memories: [] } });
  });

  it('forgetting: two-step delete, restore, candidates, sweep', async () => {
    const id = await remember('The user once kept a bonsai juniper on the balcony.');
    const del = (status: number, c: Call = {}) =>
      call('delete', '/v1/memories/{id}', status, { token: alpha, params: { id }, ...c });
    const requested = await del(202);
    await del(403, { token: alphaSecond, query: `?confirm=${requested.confirmationToken}` });
    await del(409, { query: '?confirm=not-a-token' });
    await del(422, { query: `?confirm=${'x'.repeat(201)}` });
    const deleted = await del(200, { headers: { 'kioku-confirmation-token': requested.confirmationToken } });
    expect(deleted.forgotten).toEqual([id]);
    await del(404, { params: { id: 'mem_000000000000' } });
    const pinned = await remember('The user is allergic to penicillin.', { importance: 5 });
    await del(409, { params: { id: pinned } });

    await call('post', '/v1/memories/{id}/restore', 200, { token: alpha, params: { id } });
    await call('post', '/v1/memories/{id}/restore', 404, {
      token: alpha,
      params: { id: 'mem_000000000000' },
    });
    await call('post', '/v1/memories/{id}/restore', 422, { token: alpha, params: { id: 'x'.repeat(65) } });

    await call('post', '/v1/forget/query', 200, { token: alpha, body: { query: 'bonsai' } });
    await call('post', '/v1/forget/query', 422, { token: alpha, body: {} });

    await call('post', '/v1/forget/sweep/execute', 409, { token: alpha });
    await call('post', '/v1/forget/sweep', 200, { token: alpha });
    await call('post', '/v1/forget/sweep/execute', 200, { token: alpha });
  });

  it('episodes: create and get', async () => {
    const member = await remember('The team shipped the billing migration on Friday night.');
    const episode = await call('post', '/v1/episodes', 201, {
      token: alpha,
      body: { memory_ids: [member, 'mem_000000000000'], summary: 'The billing migration' },
    });
    await call('post', '/v1/episodes', 404, {
      token: alpha,
      body: { memory_ids: ['mem_000000000000'], summary: 'Nothing' },
    });
    await call('post', '/v1/episodes', 422, { token: alpha, body: { memory_ids: [member] } });
    await call('get', '/v1/episodes/{id}', 200, { token: alpha, params: { id: episode.episodeId } });
    await call('get', '/v1/episodes/{id}', 404, { token: alpha, params: { id: 'ep_000000000000' } });
    await call('get', '/v1/episodes/{id}', 422, { token: alpha, params: { id: 'x'.repeat(65) } });
  });

  it('consolidation: consolidate, merge, wake-up', async () => {
    await call('post', '/v1/consolidate', 200, { token: alpha, body: { window_hours: 48 } });
    await call('post', '/v1/consolidate', 422, { token: alpha, body: { window_hours: -1 } });
    const keep = await remember('The user prefers window seats on long flights.');
    const remove = await remember('On planes the user always picks a seat by the window.', { force: true });
    const pinned = await remember('The user needs a wheelchair at airports.', { importance: 5 });
    const merge = (status: number, body: unknown) =>
      call('post', '/v1/merge', status, { token: alpha, body });
    await merge(200, { keep_id: keep, remove_id: remove });
    await merge(404, { keep_id: keep, remove_id: remove });
    await merge(409, { keep_id: keep, remove_id: pinned });
    await merge(422, { keep_id: keep, remove_id: keep });
    await call('get', '/v1/wake-up', 200, { token: alpha });
  });

  it('inspection: a memory with its links and episodes, the trash, statistics, worker reports', async () => {
    const first = await remember('The user waters the fern on Sundays.', { tags: ['plants'] });
    const second = await remember('The fern came from a market in Kyoto.', { private: true });
    await call('post', '/v1/links', 201, { token: alpha, body: { source_id: first, target_id: second } });
    await call('post', '/v1/episodes', 201, {
      token: alpha,
      body: { summary: 'The fern', memory_ids: [first, second] },
    });
    const inspected = await call('get', '/v1/memories/{id}', 200, { token: alpha, params: { id: first } });
    expect(inspected.links.map((l: { memory: { id: string; private: boolean } }) => l.memory)).toContainEqual(
      expect.objectContaining({ id: second, private: true }),
    );
    expect(inspected.episodes).toHaveLength(1);
    await call('get', '/v1/memories/{id}', 404, { token: alpha, params: { id: 'mem_000000000000' } });
    await call('get', '/v1/memories/{id}', 422, { token: alpha, params: { id: 'x'.repeat(65) } });

    await call('get', '/v1/trash', 200, { token: alpha, query: '?limit=5' });
    await call('get', '/v1/trash', 422, { token: alpha, query: '?limit=0' });
    const stats = await call('get', '/v1/stats', 200, { token: alpha });
    expect(stats.private).toBeGreaterThanOrEqual(1);

    mkdirSync(join(t.dataDir, 'worker-reports'), { recursive: true });
    const line = (namespace: string) =>
      JSON.stringify({
        job: 'purge',
        namespace,
        startedAt: new Date().toISOString(),
        durationMs: 3,
        status: 'ok',
        pid: 1,
        counts: { purged: 0 },
      });
    writeFileSync(
      join(t.dataDir, 'worker-reports', 'purge.jsonl'),
      `${line('alpha')}\n${line('beta')}\nnot json\n`,
    );
    const reports = await call('get', '/v1/worker/reports', 200, { token: alpha });
    expect(reports.reports).toHaveLength(1);
    await call('get', '/v1/worker/reports', 422, { token: alpha, query: '?limit=abc' });
  });

  it('every route with a body: malformed JSON (400), too large (413), another media type (415)', async () => {
    for (const { method, path, operation } of conformance.documented()) {
      if (!operation.requestBody || !path.startsWith('/v1')) continue;
      const c: Call = { token: alpha, params: { id: 'mem_000000000000' } };
      await call(method, path, 400, { ...c, body: '{"content": "unterminated' });
      await call(method, path, 413, {
        ...c,
        body: JSON.stringify({ content: 'x'.repeat(t.config.http.bodyLimitBytes) }),
      });
      await call(method, path, 415, { ...c, body: 'plain words', contentType: 'text/plain' });
    }
  });

  it('every protected route without a key: 401', async () => {
    for (const { method, path, operation } of conformance.documented()) {
      const security = (operation as { security?: unknown[] }).security ?? [];
      if (security.length === 0) continue;
      await call(method, path, 401, { params: { id: 'mem_000000000000' } });
    }
  });

  it('MCP over HTTP: initialize, notify, stream, end; no session (400), unknown session (404)', async () => {
    const mcpHeaders = { accept: 'application/json, text/event-stream' };
    const post = (status: number, body: unknown, session?: string) =>
      call('post', '/mcp', status, {
        token: alpha,
        body,
        headers: { ...mcpHeaders, ...(session ? { 'mcp-session-id': session } : {}) },
      });
    const clientInfo = { name: 'conformance', version: '1' };
    const initialize = await httpRequest(
      `${t.baseUrl}/mcp`,
      'POST',
      { authorization: `Bearer ${alpha}`, 'content-type': 'application/json', ...mcpHeaders },
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo },
      }),
    );
    conformance.check('post', '/mcp', {
      status: initialize.status,
      contentType: initialize.headers['content-type'] as string | undefined,
      body: undefined,
    });
    expect(initialize.status).toBe(200);
    const session = String(initialize.headers['mcp-session-id']);
    await post(202, { jsonrpc: '2.0', method: 'notifications/initialized' }, session);
    await post(400, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    await post(404, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, 'no-such-session');

    const stream = await headersOnly(`${t.baseUrl}/mcp`, 'GET', {
      authorization: `Bearer ${alpha}`,
      accept: 'text/event-stream',
      'mcp-session-id': session,
    });
    conformance.check('get', '/mcp', { ...stream, body: undefined });
    expect(stream.status).toBe(200);
    for (const method of ['get', 'delete']) {
      await call(method, '/mcp', 400, { token: alpha, headers: mcpHeaders });
      await call(method, '/mcp', 404, {
        token: alpha,
        headers: { ...mcpHeaders, 'mcp-session-id': 'no-such-session' },
      });
    }
    await call('delete', '/mcp', 200, {
      token: alpha,
      headers: { ...mcpHeaders, 'mcp-session-id': session },
    });
  });

  it('exercised every operation and every documented status this setup can produce', () => {
    const documented = conformance.documented();
    const operations = new Set(documented.map((d) => `${d.method} ${d.path}`));
    const exercised = new Set([...conformance.seen].map((key) => key.split(' ').slice(0, 2).join(' ')));
    expect([...operations].filter((operation) => !exercised.has(operation))).toEqual([]);

    const producible = documented.filter(
      ({ key, status, operation }) =>
        !(status in NOT_PRODUCED_HERE) &&
        key !== RESTORE_CONFLICT &&
        // INVALID_INPUT is listed for every REST route; only a body, a query or a path id can be invalid.
        !(
          status === '422' &&
          !operation.requestBody &&
          (operation.parameters ?? []).every((p) => p.in === 'header')
        ),
    );
    expect(producible.map((d) => d.key).filter((key) => !conformance.seen.has(key))).toEqual([]);
  });
});
