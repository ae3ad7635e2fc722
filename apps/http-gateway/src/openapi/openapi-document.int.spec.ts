/**
 * The OpenAPI document served at /openapi.json: 3.1, generated from the registered routes with their
 * zod schemas, listing every route (the ones the spec names, and every one Fastify serves).
 */
import 'reflect-metadata';
import { startTestGateway, type TestGateway } from '../testing/gateway-harness';

// The root Jest config runs projects, where the preset's testTimeout does not apply; the model is slow under load.
jest.setTimeout(30_000);

const EXPECTED = [
  'post /v1/memories',
  'post /v1/memories/batch',
  'post /v1/recall',
  'patch /v1/memories/{id}',
  'delete /v1/memories/{id}',
  'post /v1/links',
  'post /v1/memories/{id}/restore',
  'post /v1/forget/query',
  'post /v1/forget/sweep',
  'post /v1/forget/sweep/execute',
  'post /v1/episodes',
  'get /v1/episodes/{id}',
  'post /v1/consolidate',
  'post /v1/merge',
  'get /v1/wake-up',
  'get /v1/memories/{id}',
  'get /v1/trash',
  'get /v1/stats',
  'get /v1/worker/reports',
  'post /mcp',
  'get /mcp',
  'delete /mcp',
  'get /healthz',
  'get /readyz',
  'get /metrics',
  'get /openapi.json',
];

describe('OpenAPI document', () => {
  let t: TestGateway;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- reading an arbitrary JSON document
  let doc: any;

  beforeAll(async () => {
    t = await startTestGateway();
    const response = await t.api().get('/openapi.json');
    expect(response.status).toBe(200);
    doc = response.body;
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    );

  it('is OpenAPI 3.1 with info, bearer security and a Problem schema', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.components.securitySchemes.bearerAuth).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );
    expect(doc.components.schemas.Problem).toMatchObject({
      type: 'object',
      required: ['type', 'title', 'status', 'detail', 'code'],
    });
  });

  it('lists exactly the routes the gateway serves', () => {
    expect(operations().sort()).toEqual([...EXPECTED].sort());
    for (const route of t.gateway.routes) {
      expect(t.gateway.server.hasRoute({ method: route.method, url: route.path })).toBe(true);
    }
    expect(t.gateway.routes).toHaveLength(EXPECTED.length);
  });

  it('describes every operation: unique operationId, responses, security, path parameters', () => {
    const ids = new Set<string>();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- reading an arbitrary JSON document
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(methods)) {
        expect(op.operationId).toEqual(expect.any(String));
        expect(ids.has(op.operationId)).toBe(false);
        ids.add(op.operationId);
        expect(op.summary).toEqual(expect.any(String));
        expect(Object.keys(op.responses).length).toBeGreaterThan(0);
        const protectedRoute = path.startsWith('/v1') || path === '/mcp';
        expect(op.security).toEqual(protectedRoute ? [{ bearerAuth: [] }] : []);
        if (protectedRoute) expect(op.responses['401'].content['application/problem+json']).toBeDefined();
        for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
          expect(op.parameters).toContainEqual(expect.objectContaining({ name, in: 'path', required: true }));
        }
        expect(`${method} ${path}`).toBeTruthy();
      }
    }
  });

  it('takes request and response schemas from the zod schemas', () => {
    const remember = doc.paths['/v1/memories'].post;
    const body = remember.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['content']);
    expect(body.properties).toMatchObject({
      content: { type: 'string' },
      private: { type: 'boolean' },
      tags: { type: 'array', items: { type: 'string' } },
    });
    const saved = remember.responses['201'].content['application/json'].schema;
    expect(saved.properties.status).toEqual({ type: 'string', const: 'saved' });
    expect(saved).toMatchObject({ additionalProperties: false, required: ['status', 'memory', 'linked'] });
    expect(remember.responses['200'].content['application/json'].schema.properties.status).toEqual({
      type: 'string',
      const: 'duplicate',
    });
    const recall = doc.paths['/v1/recall'].post.requestBody.content['application/json'].schema;
    expect(recall.properties.n_results).toMatchObject({ type: 'integer', minimum: 1, maximum: 20 });
    const update = doc.paths['/v1/memories/{id}'].patch.requestBody.content['application/json'].schema;
    expect(update.properties.memory_id).toBeUndefined();
    // What only an MCP client that lends its model may do is not offered over REST.
    const episode = doc.paths['/v1/episodes'].post.requestBody.content['application/json'].schema;
    expect(episode.required).toEqual(['memory_ids', 'summary']);
    const consolidate = doc.paths['/v1/consolidate'].post.requestBody.content['application/json'].schema;
    expect(consolidate).toMatchObject({ additionalProperties: false });
    expect(Object.keys(consolidate.properties).sort()).toEqual(['dry_run', 'window_hours']);
    const forgetQuery = doc.paths['/v1/forget/query'].post.requestBody.content['application/json'].schema;
    expect(forgetQuery).toMatchObject({ required: ['query'], additionalProperties: false });
    const del = doc.paths['/v1/memories/{id}'].delete;
    expect(del.parameters).toContainEqual(
      expect.objectContaining({ name: 'confirm', in: 'query', required: false }),
    );
    expect(del.responses['202'].content['application/json'].schema.required).toContain('confirmationToken');
    expect(Object.keys(del.responses)).toEqual(expect.arrayContaining(['200', '202', '403', '404', '409']));
  });
});
