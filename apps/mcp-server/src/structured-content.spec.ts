/**
 * Every tool's real structured results against the `outputSchema` it lists, with a JSON Schema
 * validator in strict mode: the schemas are closed objects, so a field a presenter adds without the
 * schema fails here, and a variant the schema forgot fails too. Each result is also parsed with the
 * exact zod union the presenters are typed by.
 */
import 'reflect-metadata';
import Ajv, { type ValidateFunction } from 'ajv';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { z } from 'zod';
import { parseConfig } from '@kioku/config';
import { createAppContainer, type AppContainer } from '@kioku/composition';
import { createMcpServer } from '@kioku/mcp-tools';
import { OPERATIONS } from '@kioku/operations';
import { CapturingLogSink } from '@kioku/testing-fakes';

/** Each operation's output schema: the exact union the presenters are typed by. */
const EXACT: Record<string, z.ZodType> = Object.fromEntries(
  OPERATIONS.map((operation) => [operation.id, operation.output]),
);

describe('structured results match the listed output schemas (strict JSON Schema)', () => {
  let app: AppContainer;
  let client: Client;
  const validators = new Map<string, ValidateFunction>();
  const seen = new Map<string, Set<string>>();

  beforeAll(async () => {
    app = await createAppContainer(parseConfig({ KIOKU_VECTOR_STORE: 'memory' }), {
      appName: 'test',
      logSink: new CapturingLogSink(),
    });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await createMcpServer(app.container, { namespace: 'default', callerId: 'test' }).connect(serverTransport);
    client = new Client({ name: 'test', version: '1' });
    await client.connect(clientTransport);
    const ajv = new Ajv({ strict: true, allErrors: true });
    for (const tool of (await client.listTools()).tools) {
      expect(tool.outputSchema?.['additionalProperties']).toBe(false);
      validators.set(tool.name, ajv.compile(tool.outputSchema!));
    }
  });

  afterAll(async () => {
    await client.close();
    await app.close();
  });

  /** Calls a tool, checks its structured result both ways, and returns it. */
  async function call(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError).not.toBe(true);
    const data = result.structuredContent as Record<string, unknown>;
    const validate = validators.get(name)!;
    expect({ tool: name, valid: validate(data), errors: validate.errors ?? null }).toEqual({
      tool: name,
      valid: true,
      errors: null,
    });
    expect(validate({ ...data, undeclared: 1 })).toBe(false);
    expect(EXACT[name].safeParse(data).error).toBeUndefined();
    const variant = (data['status'] ?? data['mode'] ?? 'one') as string;
    seen.set(name, new Set([...(seen.get(name) ?? []), variant]));
    return data;
  }

  it('holds for every tool and every variant a real call produces', async () => {
    await call('wake_up', {});
    const saved = await call('remember', {
      content: 'Walked to the harbour with Aiko on Sunday',
      tags: ['walk'],
    });
    const a = (saved['memory'] as { id: string }).id;
    await call('remember', { content: 'Walked to the harbour with Aiko on Sunday' });
    const other = await call('remember', { content: 'Aiko likes the lighthouse café', private: true });
    const b = (other['memory'] as { id: string }).id;
    const third = await call('remember', { content: 'A note on tax forms due in April', force: true });
    const c = (third['memory'] as { id: string }).id;
    const batch = await call('remember_batch', {
      memories: [
        { content: 'Aiko booked the ryokan near the river' },
        { content: 'Walked to the harbour with Aiko on Sunday' },
        { content: '   ' },
        { content: 'The ryokan number is 4471', private: true },
      ],
    });
    expect((batch['results'] as { status: string }[]).map((r) => r.status)).toEqual([
      'saved',
      'duplicate',
      'error',
      'saved',
    ]);
    await call('recall', { query: 'harbour walk', n_results: 3 });
    await call('wake_up', {});

    await call('update_memory', { memory_id: a, importance: 4, emotion: 'happy' });
    await call('update_memory', { memory_id: a, importance: 4 });
    await call('update_memory', { memory_id: 'mem_000000000000', importance: 2 });

    await call('link_memories', { source_id: a, target_id: c, link_type: 'related' });
    await call('link_memories', { source_id: a, target_id: c, link_type: 'related' });
    await call('link_memories', { source_id: a, target_id: 'mem_000000000000' });

    const episode = await call('create_episode', {
      memory_ids: [a, b, 'mem_000000000000'],
      summary: 'Sunday',
    });
    await call('get_episode', { episode_id: episode['episodeId'] });
    await call('get_episode', { episode_id: 'ep_000000000000' });

    await call('consolidate', { window_hours: 24 });
    await call('merge_memories', { keep_id: a, remove_id: 'mem_000000000000' });

    await call('forget', { query: 'tax forms' });
    await call('forget', { memory_id: c });
    await call('forget', { memory_id: c });
    await call('forget', { sweep: true });
    await call('forget', { sweep: true, dry_run: false });
    await call('restore', { memory_id: c });
    await call('restore', { memory_id: c });
    await call('restore', { memory_id: 'mem_000000000000' });
    await call('merge_memories', { keep_id: a, remove_id: c });

    expect(Object.fromEntries([...seen].map(([tool, variants]) => [tool, [...variants].sort()]))).toEqual({
      wake_up: ['one'],
      remember: ['duplicate', 'saved'],
      remember_batch: ['one'],
      recall: ['one'],
      update_memory: ['not_found', 'unchanged', 'updated'],
      link_memories: ['exists', 'linked', 'not_found'],
      create_episode: ['one'],
      get_episode: ['found', 'not_found'],
      consolidate: ['one'],
      merge_memories: ['merged', 'not_found'],
      forget: ['ids', 'query', 'sweep_executed', 'sweep_report'],
      restore: ['not_in_trash', 'restored'],
    });
  });
});
