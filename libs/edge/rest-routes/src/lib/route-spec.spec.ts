/**
 * A REST route's handler is typed by its documented responses: a status the route does not document,
 * or a body its status's schema does not describe, is a compile error (checked by `tsc`, which fails
 * when an `@ts-expect-error` below no longer finds its error). At run time the routes are plain data.
 */
import { z } from 'zod';
import { accepted, created, ok, restRoute } from './route-spec';

const savedSchema = z.strictObject({ status: z.literal('saved'), id: z.string() });
const duplicateSchema = z.strictObject({ status: z.literal('duplicate'), existingId: z.string() });

const docs = {
  operationId: 'example',
  method: 'POST',
  path: '/v1/example',
  tag: 'memories',
  auth: true,
  summary: 'An example',
  responses: {
    201: { description: 'Saved', schema: savedSchema },
    200: { description: 'Duplicate', schema: duplicateSchema },
  },
} as const;

describe('restRoute', () => {
  it('accepts each documented status with a body of its schema', async () => {
    const route = restRoute({
      ...docs,
      async handle() {
        return Math.random() < 2
          ? created({ status: 'saved' as const, id: 'mem_1' })
          : ok({ status: 'duplicate' as const, existingId: 'mem_0' });
      },
    });
    expect(route.kind).toBe('rest');
    if (route.kind === 'rest') {
      await expect(route.handle({} as Parameters<typeof route.handle>[0])).resolves.toEqual({
        status: 201,
        body: { status: 'saved', id: 'mem_1' },
      });
    }
  });

  it('refuses, at compile time, an undocumented status or a body of another status', () => {
    const routes = [
      restRoute({
        ...docs,
        // @ts-expect-error -- 202 is not a documented status of this route
        async handle() {
          return accepted({ status: 'saved' as const, id: 'mem_1' });
        },
      }),
      restRoute({
        ...docs,
        // @ts-expect-error -- 200 documents the duplicate body, not the saved one
        async handle() {
          return ok({ status: 'saved' as const, id: 'mem_1' });
        },
      }),
      restRoute({
        ...docs,
        // @ts-expect-error -- the saved body has an id
        async handle() {
          return created({ status: 'saved' as const });
        },
      }),
    ];
    expect(routes).toHaveLength(3);
  });
});
