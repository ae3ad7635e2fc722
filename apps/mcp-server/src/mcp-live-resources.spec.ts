/**
 * Live resources in process (the in-memory store, whose changes stay in its process): subscriptions
 * to a memory and to the recent memories, `updated` on update, forget and restore, `list_changed`
 * when the public list changes, nothing for a private memory unless its URI asked for private ones,
 * nothing after unsubscribing, and nothing from another namespace. Across processes: the e2e spec.
 */
import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { parseConfig } from '@kioku/config';
import { createAppContainer, type AppContainer } from '@kioku/composition';
import { createMcpServer } from '@kioku/mcp-tools';
import { CapturingLogSink } from '@kioku/testing-fakes';
import { callTool } from './testing/call-tool';
import { notificationLog, type NotificationLog } from './testing/notification-log';

const CANARY = 'CANARY-live-31d0';
/** Longer than the server's coalescing of notifications (250 ms). */
const QUIET_MS = 600;

async function connect(
  app: AppContainer,
  namespace: string,
): Promise<{ client: Client; log: NotificationLog }> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await createMcpServer(app.container, { namespace, callerId: `live-${namespace}` }).connect(serverTransport);
  const client = new Client({ name: 'live', version: '1' });
  await client.connect(clientTransport);
  return { client, log: notificationLog(client) };
}

const quiet = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS));

describe('live resources (in process)', () => {
  let app: AppContainer;
  let a: { client: Client; log: NotificationLog };
  let b: { client: Client; log: NotificationLog };

  beforeAll(async () => {
    app = await createAppContainer(parseConfig({ KIOKU_VECTOR_STORE: 'memory', KIOKU_LOG_LEVEL: 'debug' }), {
      appName: 'test',
      logSink: new CapturingLogSink(),
    });
    a = await connect(app, 'team-a');
    b = await connect(app, 'team-b');
  });

  afterAll(async () => {
    await a.client.close();
    await b.client.close();
    await app.close();
  });

  it('declares subscriptions and list changes, and serves the recent public memories as one resource', async () => {
    expect(a.client.getServerCapabilities()?.resources).toEqual({ listChanged: true, subscribe: true });
    await callTool(a.client, 'remember', { content: 'The plumber comes on Thursday.' });
    await callTool(a.client, 'remember', { content: `${CANARY} what I really think of him`, private: true });
    const { resources } = await a.client.listResources();
    expect(resources).toContainEqual(
      expect.objectContaining({
        uri: 'kioku://memories/recent',
        name: 'recent-memories',
        title: 'Recent memories',
      }),
    );
    const read = await a.client.readResource({ uri: 'kioku://memories/recent' });
    const recent = JSON.parse((read.contents[0] as { text: string }).text) as { content: string }[];
    expect(recent.map((m) => m.content)).toContain('The plumber comes on Thursday.');
    expect(JSON.stringify(recent)).not.toContain(CANARY);
  });

  it('tells a subscriber of its memory being updated, forgotten and restored, and the list of public changes', async () => {
    const id = (await callTool(a.client, 'remember', { content: 'The car is due for its MOT in May.' })).data
      .memory.id as string;
    const uri = `kioku://memories/${id}`;
    await a.client.subscribeResource({ uri });
    await a.client.subscribeResource({ uri: 'kioku://memories/recent' });
    await quiet();
    a.log.clear();

    await callTool(a.client, 'update_memory', { memory_id: id, importance: 4 });
    await a.log.waitFor(`updated ${uri}`);
    await a.log.waitFor('updated kioku://memories/recent');
    await a.log.waitFor('list_changed');

    a.log.clear();
    await callTool(a.client, 'forget', { memory_id: id });
    await quiet();
    expect(a.log.seen).toEqual([]); // the first call only asks
    await callTool(a.client, 'forget', { memory_id: id });
    await a.log.waitFor(`updated ${uri}`);
    a.log.clear();
    await callTool(a.client, 'restore', { memory_id: id });
    await a.log.waitFor(`updated ${uri}`);
    await a.log.waitFor('list_changed');

    a.log.clear();
    await a.client.unsubscribeResource({ uri });
    await callTool(a.client, 'update_memory', { memory_id: id, importance: 2 });
    await a.log.waitFor('updated kioku://memories/recent');
    await quiet();
    expect(a.log.seen).not.toContain(`updated ${uri}`);
  });

  it("says nothing of a private memory's changes unless its URI asked for private ones", async () => {
    const id = (await callTool(a.client, 'remember', { content: `${CANARY} a private plan`, private: true }))
      .data.memory.id as string;
    await a.client.subscribeResource({ uri: `kioku://memories/${id}` });
    await a.client.subscribeResource({ uri: `kioku://memories/${id}?include_private=true` });
    await quiet();
    a.log.clear();
    await callTool(a.client, 'update_memory', { memory_id: id, importance: 4 });
    await a.log.waitFor(`updated kioku://memories/${id}?include_private=true`);
    await quiet();
    expect(a.log.seen).toEqual([`updated kioku://memories/${id}?include_private=true`]);
  });

  it("never tells one namespace's session of another namespace's changes", async () => {
    await b.client.subscribeResource({ uri: 'kioku://memories/recent' });
    await quiet();
    b.log.clear();
    await callTool(a.client, 'remember', { content: 'Team A ordered new chairs.' });
    await quiet();
    expect(b.log.seen).toEqual([]);
    await callTool(b.client, 'remember', { content: 'Team B booked the hall.' });
    await b.log.waitFor('updated kioku://memories/recent');
  });

  it('accepts a subscription to a URI it does not serve, and bounds the URI', async () => {
    await expect(a.client.subscribeResource({ uri: 'test://watched-resource' })).resolves.toEqual({});
    await expect(a.client.unsubscribeResource({ uri: 'test://watched-resource' })).resolves.toEqual({});
    await expect(a.client.subscribeResource({ uri: `kioku://${'x'.repeat(3000)}` })).rejects.toThrow(
      /at most 2048 characters/,
    );
  });
});
