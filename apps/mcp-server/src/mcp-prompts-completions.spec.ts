/**
 * Prompts and completions in process, on the in-memory store and the real local model: the prompts
 * listed with titles, descriptions and arguments; each prompt's message from what memory holds, private
 * memories only when asked for, no access counted; completions of the prompts' arguments and of the
 * resource template — categories, emotions, tags in use, memory ids by prefix (public unless asked),
 * ranked, capped at 100 with the total — kept fresh as memories change, and per namespace.
 */
import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CompleteRequest } from '@modelcontextprotocol/sdk/types.js';
import { parseConfig } from '@kioku/config';
import { createAppContainer, type AppContainer } from '@kioku/composition';
import { ReadMemoriesUseCase } from '@kioku/memory';
import { createMcpServer } from '@kioku/mcp-tools';
import { CapturingLogSink } from '@kioku/testing-fakes';
import { callTool } from './testing/call-tool';
import { eventually } from './testing/eventually';

const CANARY = 'CANARY-prompt-5e21';

async function connect(app: AppContainer, namespace: string): Promise<Client> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await createMcpServer(app.container, { namespace, callerId: `prompts-${namespace}` }).connect(
    serverTransport,
  );
  const client = new Client({ name: 'prompts', version: '1' });
  await client.connect(clientTransport);
  return client;
}

function text(result: { messages: { content: { type: string } }[] }): string {
  const content = result.messages[0].content as { type: 'text'; text: string };
  return content.text;
}

describe('prompts and completions (in process)', () => {
  let app: AppContainer;
  let client: Client;
  let other: Client;
  const ids: Record<string, string> = {};

  const remember = async (name: string, args: Record<string, unknown>) =>
    (ids[name] = (await callTool(client, 'remember', args)).data.memory.id as string);
  const complete = async (
    ref: CompleteRequest['params']['ref'],
    name: string,
    value: string,
    args?: Record<string, string>,
    on = client,
  ) =>
    (await on.complete({ ref, argument: { name, value }, ...(args ? { context: { arguments: args } } : {}) }))
      .completion;
  const prompt = (name: string) => ({ type: 'ref/prompt' as const, name });
  const template = { type: 'ref/resource' as const, uri: 'kioku://memories/{id}' };

  beforeAll(async () => {
    app = await createAppContainer(parseConfig({ KIOKU_VECTOR_STORE: 'memory', KIOKU_LOG_LEVEL: 'debug' }), {
      appName: 'test',
      logSink: new CapturingLogSink(),
    });
    client = await connect(app, 'default');
    other = await connect(app, 'other');
    await remember('mochi', {
      content: 'Mochi the grey cat hates the vacuum cleaner.',
      tags: ['pets', 'home'],
      emotion: 'happy',
    });
    await remember('vet', {
      content: 'Mochi sees the vet every spring for her shots.',
      tags: ['pets'],
      category: 'observation',
    });
    await remember('secret', {
      content: `${CANARY} I worry Mochi is getting old.`,
      tags: ['worries'],
      private: true,
    });
    await remember('garden', {
      content: 'The tomatoes need staking in June.',
      tags: ['garden'],
      category: 'technical',
    });
    await callTool(client, 'link_memories', { source_id: ids.mochi, target_id: ids.secret });
  });

  afterAll(async () => {
    await client.close();
    await other.close();
    await app.close();
  });

  it('lists five prompts, each with a title, a description and described arguments', async () => {
    expect(client.getServerCapabilities()).toMatchObject({ prompts: { listChanged: true }, completions: {} });
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual([
      'start_session',
      'save_conversation',
      'memories_about',
      'revisit_memory',
      'review_forgetting',
    ]);
    for (const p of prompts) {
      expect(p.title).toBeTruthy();
      expect(p.description).toBeTruthy();
      expect(p.arguments?.length).toBeGreaterThan(0);
      for (const argument of p.arguments ?? []) expect(argument.description).toBeTruthy();
    }
    const about = prompts.find((p) => p.name === 'memories_about');
    expect(about?.arguments?.map((a) => [a.name, a.required])).toEqual([
      ['subject', true],
      ['category', false],
      ['emotion', false],
      ['include_private', false],
    ]);
  });

  it('starts a session with the orientation and the memories for its topic, private ones only when asked, counting no access', async () => {
    const started = text(
      await client.getPrompt({ name: 'start_session', arguments: { topic: 'Mochi the cat' } }),
    );
    expect(started).toMatch(/^Let's start a session about "Mochi the cat"\./);
    expect(started).toMatch(/You have 4 memories\./);
    expect(started).toContain(`${ids.mochi} (`);
    expect(started).not.toContain(CANARY);
    const withPrivate = text(
      await client.getPrompt({
        name: 'start_session',
        arguments: { topic: 'Mochi getting old', include_private: 'true' },
      }),
    );
    expect(withPrivate).toContain(CANARY);
    const read = await app.container
      .get(ReadMemoriesUseCase)
      .get(ids.mochi, { namespace: 'default', callerId: 'x' });
    expect(read?.accessCount).toBe(0);
  });

  it('finds the memories about a subject with its filters, and refuses a bad one or a missing subject', async () => {
    const about = text(
      await client.getPrompt({
        name: 'memories_about',
        arguments: { subject: 'Mochi', category: 'observation' },
      }),
    );
    expect(about).toContain(ids.vet);
    expect(about).not.toContain(ids.mochi);
    expect(about).not.toContain(CANARY);
    await expect(
      client.getPrompt({ name: 'memories_about', arguments: { subject: 'Mochi', category: 'nonsense' } }),
    ).rejects.toThrow(/INVALID_INPUT: Unknown category/);
    await expect(client.getPrompt({ name: 'memories_about', arguments: {} })).rejects.toThrow(
      /Invalid arguments/,
    );
    const none = text(
      await client.getPrompt({ name: 'memories_about', arguments: { subject: 'Mochi', emotion: 'angry' } }),
    );
    expect(none).toMatch(/has nothing about "Mochi" \(emotion angry\)/);
  });

  it('revisits a memory with its links, a private one only when asked for', async () => {
    const revisit = text(
      await client.getPrompt({ name: 'revisit_memory', arguments: { memory_id: ids.mochi } }),
    );
    expect(revisit).toContain('Mochi the grey cat hates the vacuum cleaner.');
    expect(revisit).toContain(`${ids.secret}: a private memory`);
    expect(revisit).not.toContain(CANARY);
    await expect(
      client.getPrompt({ name: 'revisit_memory', arguments: { memory_id: ids.secret } }),
    ).rejects.toThrow(/Memory not found/);
    const asked = text(
      await client.getPrompt({
        name: 'revisit_memory',
        arguments: { memory_id: ids.secret, include_private: 'true' },
      }),
    );
    expect(asked).toContain(CANARY);
  });

  it('guides saving and reviewing, naming the public tags in use and what to keep', async () => {
    const save = text(
      await client.getPrompt({ name: 'save_conversation', arguments: { category: 'lesson', tag: 'pets' } }),
    );
    expect(save).toContain('(lesson, unless another fits better)');
    expect(save).toContain('reusing the tags already in use where they fit (pets, garden, home)');
    expect(save).not.toContain('worries');
    const review = text(await client.getPrompt({ name: 'review_forgetting', arguments: { keep: 'Mochi' } }));
    expect(review).toContain('Keep anything about "Mochi"');
    expect(review).toContain('forget with sweep: true');
  });

  it('completes categories, emotions, tags in use and yes/no for the prompts', async () => {
    expect((await complete(prompt('save_conversation'), 'category', 'te')).values).toEqual(['technical']);
    expect((await complete(prompt('memories_about'), 'emotion', 'ha')).values).toEqual(['happy']);
    expect((await complete(prompt('memories_about'), 'include_private', '')).values).toEqual([
      'true',
      'false',
    ]);
    expect((await complete(prompt('memories_about'), 'subject', '')).values).toEqual([
      'pets',
      'garden',
      'home',
    ]);
    expect((await complete(prompt('memories_about'), 'subject', 'P')).values).toEqual(['pets']);
    expect(
      (await complete(prompt('memories_about'), 'subject', 'wor', { include_private: 'true' })).values,
    ).toEqual(['worries']);
  });

  it('completes memory ids by prefix, newest first, public ones unless asked, for the template and revisit_memory', async () => {
    const publicIds = [ids.garden, ids.vet, ids.mochi];
    expect((await complete(template, 'id', 'mem_')).values).toEqual(publicIds);
    expect((await complete(template, 'id', ids.vet.slice(0, 9))).values).toContain(ids.vet);
    expect(
      (await complete(prompt('revisit_memory'), 'memory_id', '', { include_private: 'true' })).values,
    ).toEqual([ids.garden, ids.secret, ids.vet, ids.mochi]);
    expect((await complete(template, 'id', 'xyz')).values).toEqual([]);
  });

  it('keeps completions fresh as memories change, and never offers another namespace', async () => {
    expect((await complete(template, 'id', '', undefined, other)).values).toEqual([]);
    expect((await complete(prompt('memories_about'), 'subject', '', undefined, other)).values).toEqual([]);
    const id = (await callTool(client, 'remember', { content: 'Repot the basil.', tags: ['herbs'] })).data
      .memory.id;
    await eventually(async () => expect((await complete(template, 'id', '')).values[0]).toBe(id));
    await eventually(async () =>
      expect((await complete(prompt('memories_about'), 'subject', 'h')).values).toEqual(['herbs', 'home']),
    );
    await callTool(client, 'forget', { memory_id: id });
    await callTool(client, 'forget', { memory_id: id });
    await eventually(async () => expect((await complete(template, 'id', '')).values).not.toContain(id));
    await eventually(async () =>
      expect((await complete(prompt('memories_about'), 'subject', 'h')).values).toEqual(['home']),
    );
  });

  it('answers at most 100 values, with the total and whether there are more', async () => {
    const memories = Array.from({ length: 150 }, (_, i) => ({
      content: `Numbered note ${i} about shelf ${i * 7}.`,
      force: true,
    }));
    for (const batch of [memories.slice(0, 75), memories.slice(75)]) {
      const saved = await callTool(other, 'remember_batch', { memories: batch }, 120_000);
      expect(saved.isError ? saved.text : saved.data.saved).toBe(75);
    }
    await eventually(async () => {
      const completion = await complete(template, 'id', 'mem_', undefined, other);
      expect(completion).toMatchObject({ total: 150, hasMore: true });
      expect(completion.values).toHaveLength(100);
    });
  });
});
