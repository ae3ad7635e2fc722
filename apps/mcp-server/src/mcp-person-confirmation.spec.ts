/**
 * Deletes the person confirms (MCP elicitation), in process on the in-memory store and the real
 * local model, with the SDK's client playing a client that declares elicitation and one that does
 * not: forget by id, the auto-forget sweep's execution and merge_memories ask the person and delete
 * in the same call only on a ticked yes; a no, a dismissal, an unticked form, a time-out and a client
 * that goes away delete nothing; the agent's own second call cannot confirm for the person; a private
 * memory's text never reaches the question; a client without elicitation keeps the two calls.
 */
import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { parseConfig } from '@kioku/config';
import { createAppContainer, type AppContainer } from '@kioku/composition';
import { ReadMemoriesUseCase } from '@kioku/memory';
import { createMcpServer } from '@kioku/mcp-tools';
import { CapturingLogSink, FixedClock } from '@kioku/testing-fakes';
import { callTool } from './testing/call-tool';
import { CANCEL, CONFIRM, DECLINE, UNTICKED, personClient, type PersonClient } from './testing/person-client';

const CANARY = 'CANARY-91be-private';
const CONTEXT = { namespace: 'default', callerId: 'person-spec' };

async function startApp(
  env: Record<string, string> = {},
  options: { clock?: FixedClock; logSink?: CapturingLogSink } = {},
): Promise<AppContainer> {
  return createAppContainer(parseConfig({ KIOKU_VECTOR_STORE: 'memory', KIOKU_LOG_LEVEL: 'debug', ...env }), {
    appName: 'test',
    logSink: options.logSink ?? new CapturingLogSink(),
    clock: options.clock,
  });
}

async function connect(app: AppContainer, client: Client, callerId = 'person-spec'): Promise<void> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await createMcpServer(app.container, { namespace: 'default', callerId }).connect(serverTransport);
  await client.connect(clientTransport);
}

async function exists(app: AppContainer, id: string): Promise<boolean> {
  return (await app.container.get(ReadMemoriesUseCase).get(id, CONTEXT, { includePrivate: true })) !== null;
}

describe('forget and merge confirmed by the person (elicitation)', () => {
  let app: AppContainer;
  let person: PersonClient;
  const remember = async (content: string, extra: Record<string, unknown> = {}): Promise<string> =>
    (await callTool(person.client, 'remember', { content, ...extra })).data.memory.id as string;

  beforeAll(async () => {
    app = await startApp();
    person = personClient();
    await connect(app, person.client);
  });

  afterAll(async () => {
    await person.client.close();
    await app.close();
  });

  it('deletes in one call when the person ticks yes, after showing them what goes', async () => {
    const id = await remember('The spare key hangs behind the blue door.');
    person.answer(CONFIRM);
    const result = await callTool(person.client, 'forget', { memory_id: id });
    expect(result.data).toMatchObject({ mode: 'ids', forgotten: [id], pending: [] });
    expect(result.text).toMatch(/^Forgot \(id: mem_/);
    expect(person.questions.at(-1)).toMatchObject({
      mode: 'form',
      requestedSchema: { properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    expect(person.questions.at(-1)?.message).toContain('The spare key hangs behind the blue door.');
    expect(person.questions.at(-1)?.message).toMatch(/trash/);
    expect(await exists(app, id)).toBe(false);
  });

  it.each([
    ['declined', DECLINE, /the user declined/],
    ['cancelled', CANCEL, /the user dismissed the question/],
    ['unticked', UNTICKED, /did not tick/],
  ] as const)('deletes nothing when the person has %s, and says so', async (answer, reply, said) => {
    const id = await remember(`A note about the ${answer} garden shed, number ${Math.random()}.`);
    person.answer(reply);
    const result = await callTool(person.client, 'forget', { memory_ids: [id] });
    expect(result.data).toEqual({ mode: 'not_confirmed', answer, asked: [id], notFound: [], refused: [] });
    expect(result.text).toMatch(said);
    expect(result.text).toMatch(/^Nothing was deleted/);
    expect(await exists(app, id)).toBe(true);
  });

  it("never lets the agent's own second call confirm what the person was asked", async () => {
    const id = await remember('The boiler was serviced in March.');
    person.answer(DECLINE, DECLINE);
    await callTool(person.client, 'forget', { memory_id: id });
    const again = await callTool(person.client, 'forget', { memory_id: id });
    expect(again.data).toMatchObject({ mode: 'not_confirmed', answer: 'declined' });
    expect(await exists(app, id)).toBe(true);
    const asked = person.questions.filter((q) => q.message.includes('boiler'));
    expect(asked).toHaveLength(2);
  });

  it("never shows a private memory's text in the question, and names what it cannot delete", async () => {
    const secret = await remember(`${CANARY} the diagnosis I have not told anyone`, { private: true });
    const pinned = await remember('Always lock the gate at night.', { importance: 5 });
    person.answer(CONFIRM);
    const result = await callTool(person.client, 'forget', {
      memory_ids: [secret, pinned, 'mem_000000000000'],
    });
    expect(result.data).toMatchObject({
      mode: 'ids',
      forgotten: [secret],
      notFound: ['mem_000000000000'],
      refused: [{ id: pinned, reason: 'pinned' }],
    });
    const question = person.questions.at(-1)!;
    expect(JSON.stringify(question)).not.toContain(CANARY);
    expect(question.message).toContain(`${secret} (just now): a private memory (daily)`);
    expect(question.message).not.toContain(pinned);
  });

  it('asks nothing when nothing could be deleted', async () => {
    const before = person.questions.length;
    const result = await callTool(person.client, 'forget', { memory_id: 'mem_000000000001' });
    expect(result.data).toMatchObject({ mode: 'ids', notFound: ['mem_000000000001'] });
    expect(person.questions).toHaveLength(before);
  });

  it('merges only on a yes; the new content is withheld when a private memory is involved', async () => {
    const keep = await remember('The team meets on Mondays at ten.');
    const remove = await remember(`${CANARY} Team meeting: Mondays 10:00, my private worries`, {
      private: true,
    });
    const args = { keep_id: keep, remove_id: remove, merged_content: `${CANARY} merged text` };
    person.answer(DECLINE);
    const declined = await callTool(person.client, 'merge_memories', args);
    expect(declined.data).toEqual({
      status: 'not_confirmed',
      answer: 'declined',
      keepId: keep,
      removeId: remove,
    });
    expect(declined.text).toMatch(/^Not merged: the user declined/);
    expect(await exists(app, remove)).toBe(true);
    expect(JSON.stringify(person.questions.at(-1))).not.toContain(CANARY);
    expect(person.questions.at(-1)?.message).toMatch(/not shown: a private memory is involved/);

    person.answer(CONFIRM);
    const merged = await callTool(person.client, 'merge_memories', args);
    expect(merged.data).toMatchObject({ status: 'merged', keptId: keep, removedId: remove });
    expect(await exists(app, remove)).toBe(false);
  });

  it('answers a merge that cannot happen without asking', async () => {
    const keep = await remember('Bread rises better in a warm kitchen.');
    const before = person.questions.length;
    const result = await callTool(person.client, 'merge_memories', {
      keep_id: keep,
      remove_id: 'mem_000000000002',
    });
    expect(result.data).toEqual({ status: 'not_found', missingIds: ['mem_000000000002'] });
    expect(person.questions).toHaveLength(before);
  });
});

describe('the auto-forget sweep confirmed by the person', () => {
  it('drops exactly what it showed on a yes, nothing on a no, and nothing when none is due', async () => {
    const clock = new FixedClock('2026-01-01T00:00:00.000Z');
    const app = await startApp({}, { clock });
    const person = personClient();
    await connect(app, person.client);
    try {
      const none = await callTool(person.client, 'forget', { sweep: true, dry_run: false });
      expect(none.data).toEqual({ mode: 'sweep_executed', dropped: [], kept: [], restorableUntil: null });
      expect(person.questions).toHaveLength(0);

      const ids: string[] = [];
      for (const content of ['Parked on level 3 today.', 'The printer jammed twice.', 'Lunch was soup.'])
        ids.push((await callTool(person.client, 'remember', { content, importance: 1 })).data.memory.id);
      const secret = { content: `${CANARY} a low moment I told no one`, importance: 1, private: true };
      ids.push((await callTool(person.client, 'remember', secret)).data.memory.id);
      clock.advanceDays(400);

      person.answer(DECLINE);
      const declined = await callTool(person.client, 'forget', { sweep: true, dry_run: false });
      expect(declined.data).toMatchObject({ mode: 'not_confirmed', answer: 'declined' });
      expect([...declined.data.asked].sort()).toEqual([...ids].sort());
      for (const id of ids) expect(await exists(app, id)).toBe(true);
      expect(person.questions[0].message).toMatch(/^Auto-forget would drop 4 memories/);
      expect(person.questions[0].message).toContain('Lunch was soup.');
      expect(person.questions[0].message).toContain(`${ids[3]} (1y ago): a private memory (daily)`);
      expect(JSON.stringify(person.questions[0])).not.toContain(CANARY);

      person.answer(CONFIRM);
      const executed = await callTool(person.client, 'forget', { sweep: true, dry_run: false });
      expect(executed.data).toMatchObject({ mode: 'sweep_executed' });
      expect([...executed.data.dropped].sort()).toEqual([...ids].sort());
      for (const id of ids) expect(await exists(app, id)).toBe(false);
    } finally {
      await person.client.close();
      await app.close();
    }
  });
});

describe('a question the person never answers', () => {
  it('deletes nothing when the confirmation window passes, or when the client goes away mid-question', async () => {
    const logs = new CapturingLogSink();
    const app = await startApp({ KIOKU_FORGET_CONFIRM_SECONDS: '1' }, { logSink: logs });
    const answers = () =>
      logs.records.filter((r) => r.event === 'person.answered').map((r) => r.fields.answer);
    const person = personClient();
    await connect(app, person.client);
    const id = (await callTool(person.client, 'remember', { content: 'The ferry leaves at noon.' })).data
      .memory.id as string;
    try {
      person.answer('hang');
      const timedOut = await callTool(person.client, 'forget', { memory_id: id }, 10_000);
      expect(timedOut.data).toMatchObject({ mode: 'not_confirmed', answer: 'timed_out' });
      expect(timedOut.text).toMatch(/did not answer within 1 second/);
      expect(await exists(app, id)).toBe(true);

      person.answer('disconnect');
      await expect(callTool(person.client, 'forget', { memory_id: id }, 10_000)).rejects.toThrow();
      // The server's question ends with the connection (well before the 1 s window).
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(answers()).toEqual(['timed_out', 'unanswered']);
      expect(await exists(app, id)).toBe(true);
    } finally {
      await person.client.close();
      await app.close();
    }
  });
});

describe('a client without elicitation', () => {
  it('keeps the two-call flow: the first call asks, the second deletes', async () => {
    const app = await startApp();
    const client = new Client({ name: 'agent', version: '1' });
    await connect(app, client, 'agent');
    try {
      const id = (await callTool(client, 'remember', { content: 'The lamp needs a new bulb.' })).data.memory
        .id as string;
      const first = await callTool(client, 'forget', { memory_id: id });
      expect(first.data).toMatchObject({ mode: 'ids', forgotten: [], pending: [{ id }] });
      expect(first.text).toMatch(/^Please confirm/);
      expect(await exists(app, id)).toBe(true);
      const second = await callTool(client, 'forget', { memory_id: id });
      expect(second.data).toMatchObject({ mode: 'ids', forgotten: [id] });

      const keep = (await callTool(client, 'remember', { content: 'Tea at four.' })).data.memory.id;
      const remove = (await callTool(client, 'remember', { content: 'Tea time is 4 pm.' })).data.memory.id;
      const merged = await callTool(client, 'merge_memories', { keep_id: keep, remove_id: remove });
      expect(merged.data).toMatchObject({ status: 'merged' });
    } finally {
      await client.close();
      await app.close();
    }
  });
});
