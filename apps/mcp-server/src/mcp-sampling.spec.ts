/**
 * Episode summaries drafted by the client's model (MCP sampling), in process on the in-memory store
 * and the real local model, with the SDK's client playing a client that lends its model and one that
 * does not: create_episode without a summary saves the episode with the draft; consolidate drafts a
 * summary of the window without saving it unless asked to; private memories are never sent; a refusal
 * or a client that goes away mid-draft saves nothing; without sampling the summary stays required.
 */
import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { parseConfig } from '@kioku/config';
import { createAppContainer, type AppContainer } from '@kioku/composition';
import { EpisodeRepository } from '@kioku/episodes';
import { createMcpServer } from '@kioku/mcp-tools';
import { CapturingLogSink } from '@kioku/testing-fakes';
import { callTool } from './testing/call-tool';
import { DISCONNECT, REFUSE, modelClient, type ModelClient } from './testing/model-client';

const CANARY = 'CANARY-sampling-4b8e';

async function connect(app: AppContainer, client: Client, namespace: string): Promise<void> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await createMcpServer(app.container, { namespace, callerId: `sampling-${namespace}` }).connect(
    serverTransport,
  );
  await client.connect(clientTransport);
}

describe('episode summaries drafted by the client model (sampling)', () => {
  let app: AppContainer;
  let model: ModelClient;
  let plain: Client;
  const logs = new CapturingLogSink();
  const episodes = async (namespace: string) => {
    let count = 0;
    for await (const _ of app.container.get(EpisodeRepository).all(namespace)) count += 1;
    return count;
  };
  const remember = async (client: Client, content: string, extra: Record<string, unknown> = {}) =>
    (await callTool(client, 'remember', { content, ...extra })).data.memory.id as string;

  beforeAll(async () => {
    app = await createAppContainer(parseConfig({ KIOKU_VECTOR_STORE: 'memory', KIOKU_LOG_LEVEL: 'debug' }), {
      appName: 'test',
      logSink: logs,
    });
    model = modelClient();
    await connect(app, model.client, 'lends');
    plain = new Client({ name: 'plain', version: '1' });
    await connect(app, plain, 'plain');
  });

  afterAll(async () => {
    await model.client.close();
    await plain.close();
    await app.close();
  });

  it('creates the episode with a summary the model drafted from the public memories only', async () => {
    const a = await remember(model.client, 'We packed the car for the coast at dawn.');
    const b = await remember(model.client, 'The ferry crossing took two hours in calm seas.');
    const secret = await remember(model.client, `${CANARY} I was seasick and hid it.`, { private: true });
    model.answer('"A dawn drive and a calm ferry crossing to the coast."');
    const created = await callTool(model.client, 'create_episode', { memory_ids: [a, b, secret] }, 60_000);
    expect(created.data).toMatchObject({ memoryIds: [a, b, secret], summaryDrafted: true });
    expect(created.text).toContain(
      `Summary drafted by your client's model: "A dawn drive and a calm ferry crossing to the coast."`,
    );
    const request = model.requests.at(-1)!;
    expect(request).toMatchObject({ includeContext: 'none' });
    const sent = JSON.stringify(request.messages);
    expect(sent).toContain('We packed the car for the coast at dawn.');
    expect(sent).toContain('The ferry crossing took two hours in calm seas.');
    expect(sent).not.toContain(CANARY);
    const episode = await callTool(model.client, 'get_episode', { episode_id: created.data.episodeId });
    expect(episode.data.summary).toBe('A dawn drive and a calm ferry crossing to the coast.');
  });

  it('saves nothing when the model refuses, or when every memory is private (nothing is sent then)', async () => {
    const before = await episodes('lends');
    const a = await remember(model.client, 'Bought a new kettle on Friday.');
    model.answer(REFUSE);
    const refused = await callTool(model.client, 'create_episode', { memory_ids: [a] }, 60_000);
    expect(refused).toMatchObject({ isError: true });
    expect(refused.text).toMatch(
      /^INVALID_INPUT: No episode was created: the client's model did not draft one/,
    );
    const requests = model.requests.length;
    const secret = await remember(model.client, `${CANARY} my private diary line`, { private: true });
    const none = await callTool(model.client, 'create_episode', { memory_ids: [secret] });
    expect(none.text).toMatch(/none of the memories may be sent to a model/);
    expect(model.requests).toHaveLength(requests);
    expect(await episodes('lends')).toBe(before);
  });

  it('saves nothing when the client goes away while its model drafts', async () => {
    const gone = modelClient('gone');
    await connect(app, gone.client, 'gone');
    const a = await remember(gone.client, 'The roof was re-tiled in June.');
    gone.answer(DISCONNECT);
    await expect(callTool(gone.client, 'create_episode', { memory_ids: [a] }, 10_000)).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const outcomes = logs.records.filter((r) => r.event === 'model.drafted').map((r) => r.fields);
    expect(outcomes.at(-1)).toMatchObject({ tool: 'create_episode', outcome: 'refused' });
    expect(await episodes('gone')).toBe(0);
  });

  it("drafts the window's summary on consolidate without saving it, and saves it when asked", async () => {
    const before = await episodes('lends');
    model.answer('Packing, a ferry and a new kettle.');
    const drafted = await callTool(model.client, 'consolidate', { episode: 'draft' }, 60_000);
    expect(drafted.data.episodeDraft).toEqual({
      summary: 'Packing, a ferry and a new kettle.',
      memoryIds: expect.any(Array),
    });
    expect(drafted.data.episodeDraft.memoryIds.length).toBeGreaterThan(2);
    expect(drafted.text).toContain("drafted by your client's model (not saved)");
    expect(JSON.stringify(model.requests.at(-1))).not.toContain(CANARY);
    expect(await episodes('lends')).toBe(before);

    model.answer('A trip to the coast.');
    const saved = await callTool(model.client, 'consolidate', { episode: 'save' }, 60_000);
    expect(saved.data.episodeDraft.episodeId).toMatch(/^ep_/);
    expect(await episodes('lends')).toBe(before + 1);

    const dry = await callTool(model.client, 'consolidate', { episode: 'save', dry_run: true });
    expect(dry.text).toMatch(/^INVALID_INPUT: A dry run writes nothing/);
  });

  it('keeps the summary required, and the episode option refused, for a client without sampling', async () => {
    const a = await remember(plain, 'The boiler was serviced.');
    const missing = await callTool(plain, 'create_episode', { memory_ids: [a] });
    expect(missing.text).toMatch(/^INVALID_INPUT: summary is required/);
    const episode = await callTool(plain, 'consolidate', { episode: 'draft' });
    expect(episode.text).toMatch(/^INVALID_INPUT: episode needs a client that offers sampling/);
    const given = await callTool(plain, 'create_episode', { memory_ids: [a], summary: 'Boiler service' });
    expect(given.data).toMatchObject({ memoryIds: [a] });
    expect(given.data.summaryDrafted).toBeUndefined();
  });
});
