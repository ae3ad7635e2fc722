/**
 * The table of operations: each entry complete (title, description, four hints, at least one
 * route), ids and REST operation ids unique, every path parameter and fixed field naming a field of
 * the input. A route's `respond` is typed by its documented responses: an undocumented status is a
 * compile error (checked by `tsc`, which fails when an `@ts-expect-error` below finds none).
 */
import { z } from 'zod';
import { accepted, created, ok } from './http-responses';
import { httpRoute } from './operation';
import { OPERATIONS } from './operations';

describe('the table of operations', () => {
  it('gives every operation a title, a description, the four hints and a route', () => {
    for (const operation of OPERATIONS) {
      expect(operation.title).toMatch(/\S/);
      expect(operation.description).toMatch(/\S/);
      expect(Object.keys(operation.hints).sort()).toEqual([
        'destructiveHint',
        'idempotentHint',
        'openWorldHint',
        'readOnlyHint',
      ]);
      expect(Object.values(operation.hints).every((hint) => typeof hint === 'boolean')).toBe(true);
      expect(operation.http.length).toBeGreaterThan(0);
    }
  });

  it('names each operation and each REST route once', () => {
    const ids = OPERATIONS.map((operation) => operation.id);
    const routes = OPERATIONS.flatMap((operation) =>
      operation.http.map((route) => `${route.method} ${route.path}`),
    );
    const operationIds = OPERATIONS.flatMap((operation) =>
      operation.http.map((route) => route.operationId ?? operation.id),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(routes).size).toBe(routes.length);
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });

  it('fills only input fields from the path and the fixed fields, and every route answers', () => {
    for (const operation of OPERATIONS)
      for (const route of operation.http) {
        const filled = [...Object.values(route.pathArguments ?? {}), ...Object.keys(route.fixed ?? {})];
        for (const field of filled) expect(Object.keys(operation.input.shape)).toContain(field);
        expect(Object.keys(route.pathArguments ?? {}).sort()).toEqual(
          [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort(),
        );
        expect(route.respond ?? route.handle).toBeInstanceOf(Function);
      }
  });

  it('refuses, at compile time, a status a route does not document', () => {
    const saved = z.strictObject({ id: z.string() });
    const routes = [
      httpRoute({
        method: 'POST',
        path: '/v1/example',
        tag: 'memories',
        responses: { 201: { description: 'Saved', schema: saved } },
        respond: (id: string) => created({ id }),
      }),
      httpRoute({
        method: 'POST',
        path: '/v1/example',
        tag: 'memories',
        responses: { 201: { description: 'Saved', schema: saved } },
        // @ts-expect-error -- 200 is not a documented status of this route
        respond: (id: string) => ok({ id }),
      }),
      httpRoute({
        method: 'POST',
        path: '/v1/example',
        tag: 'memories',
        responses: { 202: { description: 'Accepted', schema: saved } },
        // @ts-expect-error -- the body of 202 has an id
        respond: () => accepted({}),
      }),
    ];
    expect(routes.map((route) => route.respond?.('mem_1', {}))).toEqual([
      { status: 201, body: { id: 'mem_1' } },
      { status: 200, body: { id: 'mem_1' } },
      { status: 202, body: {} },
    ]);
  });
});
