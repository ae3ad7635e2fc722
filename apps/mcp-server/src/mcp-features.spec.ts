/**
 * The MCP features clients use beyond tools, in process on the in-memory store and the
 * real local model: the logging capability (setLevel, messages with nothing private), progress
 * notifications for consolidate and the sweep, memories as resources (private left out unless asked),
 * and a server that answers before the app has started, then waits for it or reports its failure.
 */
import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  LoggingMessageNotificationSchema,
  type LoggingMessageNotification,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import type { Container } from 'inversify';
import { parseConfig } from '@kioku/config';
import { createAppContainer, type AppContainer } from '@kioku/composition';
import { AppError, KERNEL_TOKENS } from '@kioku/kernel';
import { CapturingLogSink } from '@kioku/testing-fakes';
import { createMcpServer, type McpServerServices } from '@kioku/mcp-tools';
import { callTool } from './testing/call-tool';

const CANARY = 'CANARY-5c7a-private';

async function connect(app: Container | McpServerServices): Promise<Client> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await createMcpServer(app, { namespace: 'default', callerId: 'features' }).connect(serverTransport);
  const client = new Client({ name: 'features', version: '1' });
  await client.connect(clientTransport);
  return client;
}

describe('MCP features beyond tools', () => {
  let app: AppContainer;
  let client: Client;
  const messages: LoggingMessageNotification['params'][] = [];

  beforeAll(async () => {
    app = await createAppContainer(parseConfig({ KIOKU_VECTOR_STORE: 'memory', KIOKU_LOG_LEVEL: 'debug' }), {
      appName: 'test',
      logSink: new CapturingLogSink(),
    });
    client = await connect(app.container);
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void messages.push(n.params));
  });

  afterAll(async () => {
    await client.close();
    await app.close();
  });

  it('declares logging and resources, and sends log messages at the level the client set, with no content', async () => {
    expect(client.getServerCapabilities()).toMatchObject({ logging: {}, resources: {}, tools: {} });
    await client.setLoggingLevel('debug');
    await callTool(client, 'remember', { content: `${CANARY} my secret fear of deep water`, private: true });
    await callTool(client, 'remember', { content: 'Public note: the bus leaves at 7:40.' });
    await callTool(client, 'forget', { memory_id: 'mem_000000000000' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(messages.map((m) => [m.level, (m.data as { event: string; tool: string }).tool])).toEqual([
      ['debug', 'remember'],
      ['debug', 'remember'],
      ['debug', 'forget'],
    ]);
    expect(JSON.stringify(messages)).not.toContain(CANARY);
    expect(JSON.stringify(messages)).not.toContain('7:40');

    messages.length = 0;
    await client.setLoggingLevel('warning');
    await callTool(client, 'recall', { query: 'bus' });
    const failed = await callTool(client, 'remember', { content: 'x'.repeat(16_001) });
    await new Promise((resolve) => setImmediate(resolve));
    expect(failed.isError).toBe(true);
    expect(messages).toEqual([
      {
        level: 'warning',
        logger: 'kioku',
        data: expect.objectContaining({ event: 'tool.error', tool: 'remember', code: 'INVALID_INPUT' }),
      },
    ]);
  });

  it('reports the steps of consolidate and the pages of the sweep as progress when asked', async () => {
    const consolidate: Progress[] = [];
    await client.callTool({ name: 'consolidate', arguments: {} }, undefined, {
      onprogress: (p) => consolidate.push(p),
    });
    expect(consolidate.map((p) => [p.progress, p.total])).toEqual([
      [1, 5],
      [2, 5],
      [3, 5],
      [4, 5],
      [5, 5],
    ]);
    expect(consolidate[0].message).toMatch(/^read \d+ memories of the window$/);

    const sweep: Progress[] = [];
    const report = await client.callTool({ name: 'forget', arguments: { sweep: true } }, undefined, {
      onprogress: (p) => sweep.push(p),
    });
    const scanned = (report.structuredContent as { scanned: number }).scanned;
    expect(sweep.at(-1)).toMatchObject({ progress: scanned, message: `scanned ${scanned} memories` });
  });

  it('serves memories as resources: one per public memory, a template, private only when asked', async () => {
    const publicMemory = (
      await callTool(client, 'remember', { content: 'The garden gate sticks in wet weather.' })
    ).data.memory;
    const privateMemory = (
      await callTool(client, 'remember', { content: `${CANARY} a diary line about the gate`, private: true })
    ).data.memory;

    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toEqual([
      expect.objectContaining({ uriTemplate: 'kioku://memories/{id}', mimeType: 'application/json' }),
    ]);
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toContain(`kioku://memories/${publicMemory.id}`);
    expect(uris).not.toContain(`kioku://memories/${privateMemory.id}`);
    expect(JSON.stringify(resources)).not.toContain(CANARY);

    const read = await client.readResource({ uri: `kioku://memories/${publicMemory.id}` });
    const body = JSON.parse((read.contents[0] as { text: string }).text);
    expect(body).toMatchObject({ id: publicMemory.id, content: publicMemory.content, private: false });
    expect(body.accessCount).toBe(0);

    await expect(client.readResource({ uri: `kioku://memories/${privateMemory.id}` })).rejects.toThrow(
      /Resource not found/,
    );
    const asked = await client.readResource({
      uri: `kioku://memories/${privateMemory.id}?include_private=true`,
    });
    expect(JSON.parse((asked.contents[0] as { text: string }).text)).toMatchObject({ private: true });
  });
});

describe('an MCP server whose app is still starting', () => {
  it('lists its tools at once; a call waits for the app and then runs', async () => {
    const app = await createAppContainer(
      parseConfig({ KIOKU_VECTOR_STORE: 'memory', KIOKU_LOG_LEVEL: 'silent' }),
      {
        appName: 'test',
      },
    );
    let ready!: (container: Container) => void;
    const container = new Promise<Container>((resolve) => (ready = resolve));
    const client = await connect({
      container,
      logger: app.container.get(KERNEL_TOKENS.Logger),
      clock: app.container.get(KERNEL_TOKENS.Clock),
    });
    try {
      expect((await client.listTools()).tools).toHaveLength(12);
      let answered = false;
      const call = callTool(client, 'wake_up', {}).finally(() => (answered = true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(answered).toBe(false);
      ready(app.container);
      expect((await call).text).toMatch(/memor/);
    } finally {
      await client.close();
      await app.close();
    }
  });

  it('reports a failed start on every call, with its code and message', async () => {
    const app = await createAppContainer(
      parseConfig({ KIOKU_VECTOR_STORE: 'memory', KIOKU_LOG_LEVEL: 'silent' }),
      {
        appName: 'test',
      },
    );
    const container = Promise.reject(
      new AppError('STORE_UNAVAILABLE', 'kioku could not start: the vector store is not reachable.'),
    );
    container.catch(() => undefined);
    const client = await connect({
      container,
      logger: app.container.get(KERNEL_TOKENS.Logger),
      clock: app.container.get(KERNEL_TOKENS.Clock),
    });
    try {
      for (const tool of ['recall', 'wake_up']) {
        const result = await callTool(client, tool, tool === 'recall' ? { query: 'x' } : {});
        expect(result).toMatchObject({
          isError: true,
          text: 'STORE_UNAVAILABLE: kioku could not start: the vector store is not reachable.',
        });
      }
      await expect(client.listResources()).rejects.toThrow(/STORE_UNAVAILABLE: kioku could not start/);
    } finally {
      await client.close();
      await app.close();
    }
  });
});
