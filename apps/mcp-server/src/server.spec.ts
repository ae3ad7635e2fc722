/**
 * The MCP tools in process (InMemoryTransport) on the in-memory store and the real local model:
 * schemas, texts, structured content, error mapping and what reaches the log.
 */
import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { parseConfig } from '@kioku/config';
import { createAppContainer, type AppContainer } from '@kioku/composition';
import { CapturingLogSink } from '@kioku/testing-fakes';
import { createMcpServer } from '@kioku/mcp-tools';
import { callTool } from './testing/call-tool';

describe('MCP server tools (in process)', () => {
  let app: AppContainer;
  let client: Client;
  const logs = new CapturingLogSink();

  beforeAll(async () => {
    app = await createAppContainer(parseConfig({ KIOKU_VECTOR_STORE: 'memory', KIOKU_LOG_LEVEL: 'debug' }), {
      appName: 'test',
      logSink: logs,
    });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await createMcpServer(app.container, { namespace: 'default', callerId: 'test' }).connect(serverTransport);
    client = new Client({ name: 'test', version: '1' });
    await client.connect(clientTransport);
  });

  afterAll(async () => {
    await client.close();
    await app.close();
  });

  const call = (name: string, args: Record<string, unknown>) => callTool(client, name, args);

  it('lists the tools with output schemas; what the model sees of them stays under 9,000 characters', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'consolidate',
      'create_episode',
      'forget',
      'get_episode',
      'link_memories',
      'merge_memories',
      'recall',
      'remember',
      'remember_batch',
      'restore',
      'update_memory',
      'wake_up',
    ]);
    for (const tool of tools) expect(tool.outputSchema).toBeDefined();
    // Hosts put name, description, input schema and annotations into the model's context; the output
    // schema is for the client that validates structured results (behaviour §8.1, noted deviation).
    const modelFacing = tools.map(({ name, title, description, inputSchema, annotations }) => ({
      name,
      title,
      description,
      inputSchema,
      annotations,
    }));
    expect(JSON.stringify(modelFacing).length).toBeLessThan(9000);
    const outputSchemas = tools.map(({ outputSchema }) => outputSchema);
    expect(JSON.stringify(outputSchemas).length).toBeLessThan(20_000);
  });

  it('gives every tool a title and all four annotation hints, so clients can show and gate it', async () => {
    const { tools } = await client.listTools();
    const incomplete = tools.filter(
      ({ title, annotations }) =>
        !title ||
        ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'].some(
          (hint) => typeof annotations?.[hint as keyof typeof annotations] !== 'boolean',
        ),
    );
    expect(incomplete.map((tool) => tool.name)).toEqual([]);
    const readOnly = tools.filter((tool) => tool.annotations?.readOnlyHint).map((tool) => tool.name);
    expect(readOnly.sort()).toEqual(['get_episode', 'wake_up']);
    const destructive = tools.filter((tool) => tool.annotations?.destructiveHint).map((tool) => tool.name);
    expect(destructive.sort()).toEqual(['consolidate', 'forget', 'merge_memories', 'update_memory']);
  });

  it('states a limit on every text and list input, so no request can carry unbounded input', async () => {
    const { tools } = await client.listTools();
    const unbounded: string[] = [];
    const walk = (schema: Record<string, unknown>, path: string) => {
      if (schema['type'] === 'string' && schema['enum'] === undefined && schema['maxLength'] === undefined)
        unbounded.push(path);
      if (schema['type'] === 'array' && schema['maxItems'] === undefined) unbounded.push(path);
      for (const [key, value] of Object.entries(schema)) {
        if (value && typeof value === 'object') walk(value as Record<string, unknown>, `${path}.${key}`);
      }
    };
    for (const tool of tools) walk(tool.inputSchema, tool.name);
    expect(unbounded).toEqual([]);
  });

  it('refuses an oversize id, name or date before doing anything', async () => {
    const long = 'x'.repeat(65);
    for (const [tool, args] of [
      ['restore', { memory_id: long }],
      ['update_memory', { memory_id: long, importance: 3 }],
      ['recall', { query: 'cat', category: long }],
      ['recall', { query: 'cat', date_from: 'x'.repeat(41) }],
      ['get_episode', { episode_id: long }],
    ] as const) {
      const result = await client.callTool({ name: tool, arguments: args });
      expect(result.isError).toBe(true);
    }
  });

  it('remembers, refuses a duplicate, recalls with ids and private flags, updates and links', async () => {
    const saved = await call('remember', {
      content: 'The user adopted a grey cat named Mochi.',
      emotion: 'happy',
      tags: ['pets'],
    });
    expect(saved.text).toMatch(/^Saved \(id: mem_[0-9a-f]{12}\)\./);
    const id = saved.data.memory.id;

    const duplicate = await call('remember', { content: 'The user adopted a grey cat named Mochi.' });
    expect(duplicate.text).toMatch(/^Not saved — very similar memory already exists\.\nExisting \(id: /);
    expect(duplicate.data).toMatchObject({ status: 'duplicate', existing: { id } });

    const secret = await call('remember', {
      content: 'I am secretly afraid the cat will run away.',
      private: true,
    });
    expect(secret.text).toMatch(/^Saved privately/);

    const recall = await call('recall', { query: 'cat Mochi', n_results: 2 });
    expect(recall.text.split('\n')[1]).toMatch(
      new RegExp(`\\(id: ${id}, emotion: happy, importance: 3, similarity: \\d\\.\\d\\d, private: false\\)$`),
    );
    expect(recall.text).toMatch(/private: true\)/);

    const update = await call('update_memory', { memory_id: id, importance: 5 });
    expect(update.text).toContain('Pinned');

    const secretId = secret.data.memory.id;
    const link = await call('link_memories', { source_id: id, target_id: secretId, link_type: 'related' });
    expect(link.text).toBe(`Linked ${id} ↔ ${secretId} (type: related)`);
  });

  it('stores two remember_batch calls made at once in the order they were made', async () => {
    const repeated = 'The user repaired the blue bicycle with a new chain in May.';
    const shelves = Array.from({ length: 40 }, (_, i) => ({
      content: `Shelf ${i + 1} of the attic holds album number ${(i + 1) * 3} of old photos.`,
    }));
    const [first, second] = await Promise.all([
      call('remember_batch', { memories: [...shelves, { content: repeated }] }),
      call('remember_batch', {
        memories: [{ content: repeated }, { content: 'The user sold the old piano.' }],
      }),
    ]);
    expect(first.data).toMatchObject({ saved: 41, duplicates: 0, errors: 0 });
    expect(second.data).toMatchObject({ saved: 1, duplicates: 1, errors: 0 });
    expect(second.data.results[0].existing.id).toBe(first.data.results[40].memory.id);
  });

  it('maps bad input to a stable error code without internals', async () => {
    const tooLong = await call('remember', { content: 'x'.repeat(16_001) });
    expect(tooLong.isError).toBe(true);
    expect(tooLong.text).toBe('INVALID_INPUT: content is too long: 16001 characters (at most 16000).');
    const xml = await call('remember', { content: '<parameter name="content">hi</parameter>' });
    expect(xml.text).toMatch(/^INVALID_INPUT: .*XML-like markup/);
    const wrongType = await call('recall', { query: 42 });
    expect(wrongType.isError).toBe(true);
  });

  it('keeps private content out of the log, even at debug level', async () => {
    const canary = 'CANARY-9d1e-private';
    await call('remember', {
      content: `${canary} about my fear of heights`,
      private: true,
      tags: [`${canary}-tag`],
    });
    await call('recall', { query: 'fear of heights' });
    expect(logs.records.some((r) => r.event === 'tool.result')).toBe(true);
    expect(logs.text()).not.toContain(canary);
  });
});
