/**
 * The OpenAPI 3.1 document, generated from the route descriptions that are also registered with
 * Fastify: paths, parameters, request bodies (the use cases' zod input schemas) and responses (the
 * presenters' zod output schemas, and problem JSON for errors), converted with `z.toJSONSchema`.
 * Nothing here is written by hand a second time. A route made from the table of operations names
 * its MCP tool (`x-mcp-tool`) and, on each path parameter, the tool argument it fills
 * (`x-mcp-argument`), so that a client can tell that the two are one operation.
 */
import { z } from 'zod';
import { ERROR_CODES } from '@kioku/kernel';
import { GATEWAY_ERROR_CODES } from './problems/gateway.errors';
import { PROBLEM_CONTENT_TYPE, statusOfCode, type ProblemCode } from './problems/to-problem';
import type { RouteSpec } from './route-spec';

const problemSchema = z.strictObject({
  type: z.string().describe('URI naming the problem kind, e.g. urn:kioku:problem:memory-not-found'),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().describe('What went wrong, safe to show (no content of private memories)'),
  code: z.enum([...ERROR_CODES, ...GATEWAY_ERROR_CODES]),
});

export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, OpenApiOperation>>;
};

interface OpenApiOperation {
  operationId: string;
  responses: Record<string, unknown>;
  [key: string]: unknown;
}

export function buildOpenApiDocument(
  routes: readonly RouteSpec[],
  info: { title: string; version: string },
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      ...info,
      description:
        'kioku, long-term memory for AI agents: REST under /v1 and MCP at /mcp. Every API key is bound to one namespace; the namespace comes from the key, never from the request.',
    },
    paths,
    components: {
      schemas: { Problem: jsonSchema(problemSchema, 'output') },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key: kioku_…' },
      },
    },
    tags: [
      { name: 'memories' },
      { name: 'forgetting' },
      { name: 'episodes' },
      { name: 'consolidation' },
      { name: 'inspection' },
      { name: 'mcp' },
      { name: 'operations' },
    ],
  };
}

function operation(route: RouteSpec): OpenApiOperation {
  const body = route.kind === 'rest' ? route.body : undefined;
  const query = route.kind === 'rest' ? route.query : undefined;
  const pathSchemas =
    route.kind === 'rest' && route.params ? properties(jsonSchema(route.params, 'input')) : {};
  const parameters = [
    ...[...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: pathSchemas[m[1]] ?? { type: 'string' },
      ...(route.pathArguments?.[m[1]] ? { 'x-mcp-argument': route.pathArguments[m[1]] } : {}),
    })),
    ...queryParameters(query),
    ...(route.headers ?? []).map((h) => ({
      name: h.name,
      in: 'header',
      required: false,
      description: h.description,
      schema: { type: 'string' },
    })),
  ];
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    const mediaType = response.mediaType ?? 'application/json';
    responses[status] = {
      description: response.description,
      ...(response.schema || response.mediaType
        ? {
            content: {
              [mediaType]: response.schema ? { schema: jsonSchema(response.schema, 'output') } : {},
            },
          }
        : {}),
    };
  }
  for (const [status, codes] of problemsByStatus(route)) {
    responses[String(status)] = {
      description: `Problem: ${codes.join(', ')}`,
      content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: '#/components/schemas/Problem' } } },
    };
  }
  const requestSchema = body ? jsonSchema(body, 'input') : undefined;
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    ...(route.mcpTool ? { 'x-mcp-tool': route.mcpTool } : {}),
    security: route.auth ? [{ bearerAuth: [] }] : [],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestSchema
      ? {
          requestBody: {
            required: Array.isArray(requestSchema.required) && requestSchema.required.length > 0,
            content: { 'application/json': { schema: requestSchema } },
          },
        }
      : {}),
    responses,
  };
}

function problemsByStatus(route: RouteSpec): Map<number, ProblemCode[]> {
  const codes = new Set<ProblemCode>(route.problems ?? []);
  if (route.auth) ['UNAUTHORIZED', 'RATE_LIMITED'].forEach((c) => codes.add(c as ProblemCode));
  if (route.kind === 'rest') {
    ['INVALID_INPUT', 'STORE_UNAVAILABLE', 'INTERNAL'].forEach((c) => codes.add(c as ProblemCode));
    if (route.body)
      ['MALFORMED_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'].forEach((c) =>
        codes.add(c as ProblemCode),
      );
  }
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of codes) {
    const status = statusOfCode(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

function queryParameters(query: z.ZodType | undefined): Record<string, unknown>[] {
  if (!query) return [];
  const schema = jsonSchema(query, 'input');
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties(schema)).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

function properties(schema: Record<string, unknown>): Record<string, Record<string, unknown>> {
  return (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
}
