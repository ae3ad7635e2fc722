/**
 * What MCP offers besides tools, end to end over each transport kioku serves — stdio, Streamable HTTP
 * (`kioku mcp --http`) and the gateway's `/mcp` — with the SDK's client: prompts, completions that
 * follow what another process saves, resources that tell their subscribers of changes made by another
 * process on the data dir (an update, a forget, a merge), deletes the person confirms through
 * elicitation and episode summaries the client's model drafts through sampling (both sent on the tool
 * call's own stream over HTTP). The gateway keeps tenants apart: a session hears, completes and has
 * its model read only its key's namespace.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { freeLoopbackPort } from '@kioku/processes';
import { callTool } from './testing/call-tool';
import { eventually } from './testing/eventually';
import { startListeningKioku, type ListeningKioku } from './testing/listening-kioku';
import { notificationLog, type NotificationLog } from './testing/notification-log';
import { modelClient } from './testing/model-client';
import { CONFIRM, DECLINE, personClient, type PersonClient } from './testing/person-client';
import { runKioku } from './testing/run-kioku';
import { startStdioKioku, type StdioKioku } from './testing/stdio-client';

jest.setTimeout(120_000);

const RECENT = 'kioku://memories/recent';
const PROMPTS = [
  'start_session',
  'save_conversation',
  'memories_about',
  'revisit_memory',
  'review_forgetting',
];

async function promptNames(client: Client): Promise<string[]> {
  return (await client.listPrompts()).prompts.map((prompt) => prompt.name);
}

async function tagsOffered(client: Client, prefix: string): Promise<string[]> {
  const { completion } = await client.complete({
    ref: { type: 'ref/prompt', name: 'memories_about' },
    argument: { name: 'subject', value: prefix },
  });
  return completion.values;
}

async function aboutText(client: Client, subject: string): Promise<string> {
  return JSON.stringify(
    (await client.getPrompt({ name: 'memories_about', arguments: { subject } })).messages,
  );
}

async function connectHttp(url: string, client: Client, token?: string): Promise<Client> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

async function idOf(client: Client, content: string): Promise<string> {
  return (await callTool(client, 'remember', { content })).data.memory.id as string;
}

describe('MCP capabilities over stdio and Streamable HTTP, across processes on one data dir', () => {
  let a: StdioKioku;
  let aPerson: PersonClient;
  let aLog: NotificationLog;
  let b: StdioKioku;
  let http: ListeningKioku;

  beforeAll(async () => {
    aPerson = personClient('stdio-person');
    aLog = notificationLog(aPerson.client);
    a = await startStdioKioku({}, undefined, aPerson.client);
    b = await startStdioKioku({}, a.dataDir);
    http = await startListeningKioku(['mcp', '--http', '--port', String(await freeLoopbackPort())], {
      HOME: a.dataDir,
      KIOKU_DATA_DIR: a.dataDir,
      KIOKU_LOG_LEVEL: 'warn',
    });
  }, 300_000);

  afterAll(async () => {
    await http?.stop();
    await b?.close();
    await a?.close();
  });

  it('stdio: prompts, and completions that follow what another process saves', async () => {
    expect(await promptNames(a.client)).toEqual(PROMPTS);
    const id = (
      await callTool(b.client, 'remember', {
        content: 'The kayak is stored at the marina.',
        tags: ['boating'],
      })
    ).data.memory.id as string;
    await eventually(async () => expect(await tagsOffered(a.client, 'boa')).toEqual(['boating']));
    const { completion } = await a.client.complete({
      ref: { type: 'ref/resource', uri: 'kioku://memories/{id}' },
      argument: { name: 'id', value: id.slice(0, 8) },
    });
    expect(completion.values).toContain(id);
    expect(await aboutText(a.client, 'kayak')).toContain('The kayak is stored at the marina.');
  });

  it('stdio: a subscriber hears what another process does to its memory, and the list change', async () => {
    const id = await idOf(a.client, 'The recycling goes out on Tuesdays.');
    const uri = `kioku://memories/${id}`;
    await a.client.subscribeResource({ uri });
    await a.client.subscribeResource({ uri: RECENT });
    aLog.clear();
    await callTool(b.client, 'update_memory', { memory_id: id, importance: 4 });
    await aLog.waitFor(`updated ${uri}`);
    await aLog.waitFor(`updated ${RECENT}`);
    await aLog.waitFor('list_changed');
    aLog.clear();
    await callTool(b.client, 'forget', { memory_id: id });
    await callTool(b.client, 'forget', { memory_id: id });
    await aLog.waitFor(`updated ${uri}`);

    const keep = await idOf(b.client, 'The compost bin is emptied in spring.');
    const removed = await idOf(b.client, 'Compost gets emptied each spring.');
    await a.client.subscribeResource({ uri: `kioku://memories/${removed}` });
    aLog.clear();
    await callTool(b.client, 'merge_memories', { keep_id: keep, remove_id: removed });
    await aLog.waitFor(`updated kioku://memories/${removed}`);
  });

  it('stdio: forget waits for the person; a no keeps the memory, a yes deletes it in one call', async () => {
    const id = await idOf(a.client, 'The gas meter is read in January.');
    aPerson.answer(DECLINE, CONFIRM);
    const declined = await callTool(a.client, 'forget', { memory_id: id });
    expect(declined.data).toMatchObject({ mode: 'not_confirmed', answer: 'declined' });
    expect(
      (await callTool(b.client, 'recall', { query: 'gas meter', n_results: 1 })).data.results[0].id,
    ).toBe(id);
    const confirmed = await callTool(a.client, 'forget', { memory_id: id }, 60_000);
    expect(confirmed.data).toMatchObject({ mode: 'ids', forgotten: [id] });
  });

  it('Streamable HTTP: the question travels on the call, and another process’s change reaches the session', async () => {
    const person = personClient('http-person');
    const log = notificationLog(person.client);
    await connectHttp(http.url, person.client);
    try {
      expect(await promptNames(person.client)).toEqual(PROMPTS);
      expect(await tagsOffered(person.client, 'boa')).toEqual(['boating']);
      expect(await aboutText(person.client, 'kayak')).toContain('The kayak is stored at the marina.');
      await person.client.subscribeResource({ uri: RECENT });
      await idOf(b.client, 'The library closes early on Saturdays.');
      await log.waitFor(`updated ${RECENT}`);
      const id = await idOf(person.client, 'The window cleaner comes monthly.');
      person.answer(CONFIRM);
      const result = await callTool(person.client, 'forget', { memory_id: id }, 60_000);
      expect(result.data).toMatchObject({ mode: 'ids', forgotten: [id] });
      expect(person.questions.at(-1)?.message).toContain('The window cleaner comes monthly.');
    } finally {
      await person.client.close();
    }
  });

  it("Streamable HTTP: the client's model drafts an episode's summary, asked on the call", async () => {
    const model = modelClient('http-model');
    await connectHttp(http.url, model.client);
    try {
      const ids = [
        await idOf(model.client, 'The plasterer finished the hallway.'),
        await idOf(model.client, 'The hallway was painted pale green.'),
      ];
      model.answer('The hallway was plastered and painted.');
      const created = await callTool(model.client, 'create_episode', { memory_ids: ids }, 60_000);
      expect(created.data).toMatchObject({ memoryIds: ids, summaryDrafted: true });
      expect(JSON.stringify(model.requests.at(-1)?.messages)).toContain(
        'The plasterer finished the hallway.',
      );
      const episode = await callTool(b.client, 'get_episode', { episode_id: created.data.episodeId });
      expect(episode.data.summary).toBe('The hallway was plastered and painted.');
    } finally {
      await model.client.close();
    }
  });
});

describe("the gateway's /mcp: tenants apart", () => {
  let dataDir: string;
  let gateway: ListeningKioku;
  let env: Record<string, string>;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kioku-capabilities-gateway-'));
    env = {
      HOME: dataDir,
      KIOKU_DATA_DIR: dataDir,
      KIOKU_LOG_LEVEL: 'warn',
      KIOKU_HTTP_PORT: '0',
      KIOKU_HTTP_RATE_PER_MINUTE: '100000',
      KIOKU_HTTP_RATE_BURST: '100000',
    };
    for (const namespace of ['alpha', 'beta']) {
      const created = await runKioku(['http', 'keys', 'create', '--namespace', namespace], env);
      tokens[namespace] = created.stdout.trim();
    }
    gateway = await startListeningKioku(['http'], env);
  }, 300_000);

  afterAll(async () => {
    await gateway?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const rememberOverRest = async (namespace: string, content: string, tags: string[] = []) => {
    const response = await fetch(`${gateway.url}/v1/memories`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[namespace]}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content, tags }),
    });
    expect(response.status).toBe(201);
  };

  it("tells and completes a session of its own namespace's changes only, and asks its person before a merge", async () => {
    const alpha = personClient('alpha');
    const log = notificationLog(alpha.client);
    await connectHttp(`${gateway.url}/mcp`, alpha.client, tokens.alpha);
    try {
      expect(await promptNames(alpha.client)).toEqual(PROMPTS);
      await alpha.client.subscribeResource({ uri: RECENT });
      await rememberOverRest('beta', 'Beta stores the ladders in shed 2.', ['beta-sheds']);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(log.seen).toEqual([]);
      expect(await tagsOffered(alpha.client, '')).toEqual([]);
      await rememberOverRest('alpha', 'Alpha keeps the ladders in the garage.', ['alpha-garage']);
      await log.waitFor(`updated ${RECENT}`);
      await eventually(async () => expect(await tagsOffered(alpha.client, '')).toEqual(['alpha-garage']));
      const about = await aboutText(alpha.client, 'ladders');
      expect(about).toContain('Alpha keeps the ladders in the garage.');
      expect(about).not.toContain('Beta');

      const keep = await idOf(alpha.client, 'The bins are collected on Mondays.');
      const remove = await idOf(alpha.client, 'Bin day is Monday morning.');
      alpha.answer(DECLINE);
      const merged = await callTool(
        alpha.client,
        'merge_memories',
        { keep_id: keep, remove_id: remove },
        60_000,
      );
      expect(merged.data).toEqual({
        status: 'not_confirmed',
        answer: 'declined',
        keepId: keep,
        removeId: remove,
      });
    } finally {
      await alpha.client.close();
    }
  });

  it("has a session's model draft from its own namespace's memories only", async () => {
    await rememberOverRest('beta', 'Beta repainted the red shed door.');
    await rememberOverRest('alpha', 'Alpha oiled the garden gate hinges.');
    const model = modelClient('alpha-model');
    await connectHttp(`${gateway.url}/mcp`, model.client, tokens.alpha);
    try {
      model.answer('Jobs around the garden.');
      const drafted = await callTool(model.client, 'consolidate', { episode: 'draft' }, 60_000);
      expect(drafted.data.episodeDraft).toMatchObject({ summary: 'Jobs around the garden.' });
      const sent = JSON.stringify(model.requests.at(-1)?.messages);
      expect(sent).toContain('Alpha oiled the garden gate hinges.');
      expect(sent).not.toContain('Beta');
    } finally {
      await model.client.close();
    }
  });
});
