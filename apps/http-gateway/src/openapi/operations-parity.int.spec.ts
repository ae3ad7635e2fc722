/**
 * The MCP tools and the REST operations come from one table: the tool list a real MCP client reads
 * at /mcp and the OpenAPI document at /openapi.json name the same operations (`x-mcp-tool` on each
 * REST operation), with the same titles, descriptions and input schemas; every tool carries a
 * title and all four annotation hints.
 */
import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { startTestGateway, type TestGateway } from '../testing/gateway-harness';

jest.setTimeout(30_000);

type JsonSchema = { properties?: Record<string, unknown>; required?: string[] };

interface RestOperation {
  operationId: string;
  summary: string;
  description: string;
  'x-mcp-tool'?: string;
  parameters?: { name: string; in: string; schema: unknown; 'x-mcp-argument'?: string }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
}

/**
 * Where the two differ on purpose: what only an MCP client that lends its model (sampling) may do —
 * leave create_episode's summary to it, ask consolidate for an episode — is not offered over REST.
 */
const MCP_ONLY_ARGUMENTS: Record<string, string[]> = { consolidate: ['episode'] };
const REQUIRED_OVER_REST: Record<string, string[]> = { create_episode: ['summary'] };

/** The input a REST operation reads, by tool argument: its body's properties and its path parameters. */
function restInput(operation: RestOperation): { properties: Record<string, unknown>; required: string[] } {
  const body = operation.requestBody?.content['application/json'].schema ?? {};
  const path = (operation.parameters ?? []).filter((p) => p.in === 'path');
  return {
    properties: {
      ...body.properties,
      ...Object.fromEntries(path.map((p) => [p['x-mcp-argument'] ?? `path:${p.name}`, p.schema])),
    },
    required: [...(body.required ?? []), ...path.map((p) => p['x-mcp-argument'] ?? `path:${p.name}`)],
  };
}

describe('the MCP tool list and the OpenAPI document', () => {
  let t: TestGateway;
  let tools: Tool[];
  let restByTool: Map<string, RestOperation[]>;

  beforeAll(async () => {
    t = await startTestGateway();
    const { token } = await t.createKey('alpha');
    const client = new Client({ name: 'parity', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    tools = (await client.listTools()).tools;
    await client.close();
    const document = (await t.api().get('/openapi.json')).body as {
      paths: Record<string, Record<string, RestOperation>>;
    };
    restByTool = new Map();
    for (const operation of Object.values(document.paths).flatMap((methods) => Object.values(methods))) {
      const tool = operation['x-mcp-tool'];
      if (tool) restByTool.set(tool, [...(restByTool.get(tool) ?? []), operation]);
    }
  });
  afterAll(() => t.close());

  it('gives every tool a title and all four annotation hints', () => {
    expect(tools).toHaveLength(12);
    for (const tool of tools) {
      expect(tool.title).toEqual(expect.any(String));
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const)
        expect({ tool: tool.name, hint, value: typeof tool.annotations?.[hint] }).toEqual({
          tool: tool.name,
          hint,
          value: 'boolean',
        });
    }
  });

  it('names the same operations in both: every tool is served over REST, every REST operation of a tool is one', () => {
    expect([...restByTool.keys()].sort()).toEqual(tools.map((tool) => tool.name).sort());
  });

  it('describes each operation with the tool title and description', () => {
    for (const tool of tools)
      for (const operation of restByTool.get(tool.name) ?? []) {
        expect(operation.summary.startsWith(tool.title ?? '?')).toBe(true);
        expect(operation.description.startsWith(tool.description ?? '?')).toBe(true);
      }
  });

  it('reads the same input: each REST input field has the schema of the tool argument it fills', () => {
    for (const tool of tools) {
      const toolInput = tool.inputSchema as JsonSchema;
      const operations = restByTool.get(tool.name) ?? [];
      for (const operation of operations) {
        const { properties, required } = restInput(operation);
        for (const [name, schema] of Object.entries(properties))
          expect({ operation: operation.operationId, name, schema }).toEqual({
            operation: operation.operationId,
            name,
            schema: toolInput.properties?.[name],
          });
        // An operation served by one route reads the whole input, with the same fields required.
        if (operations.length === 1) {
          const mcpOnly = MCP_ONLY_ARGUMENTS[tool.name] ?? [];
          const toolArguments = Object.keys(toolInput.properties ?? {}).filter(
            (name) => !mcpOnly.includes(name),
          );
          expect(Object.keys(properties).sort()).toEqual(toolArguments.sort());
          const toolRequired = [...(toolInput.required ?? []), ...(REQUIRED_OVER_REST[tool.name] ?? [])];
          expect(required.sort()).toEqual(toolRequired.sort());
        }
      }
    }
  });

  it('serves forget over REST as four routes that together take its arguments', () => {
    const routes = restByTool.get('forget') ?? [];
    expect(routes.map((r) => r.operationId).sort()).toEqual([
      'delete_memory',
      'forget_query',
      'forget_sweep',
      'forget_sweep_execute',
    ]);
    const read = new Set(routes.flatMap((r) => Object.keys(restInput(r).properties)));
    expect([...read].sort()).toEqual(['memory_id', 'query']);
  });
});
