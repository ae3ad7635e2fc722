/**
 * The shared MCP session manager's rules, without HTTP: a session is opened only by an initialize
 * request, found again only by its owner, bounded in total and per owner (least recently used makes
 * room), closed when idle, and all closed on shutdown. The apps' specs cover the wire.
 */
import 'reflect-metadata';
import type { Container } from 'inversify';
import { SystemClock, type Logger } from '@kioku/kernel';
import {
  StreamableHttpSessions,
  type McpSession,
  type SessionLookup,
  type SessionOwner,
  type StreamableHttpSessionsOptions,
} from './streamable-http-sessions';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
};

const logger: Logger = { debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() };

function owner(ownerId: string): SessionOwner {
  return { ownerId, namespace: 'default', callerId: (id) => `${ownerId}/${id}` };
}

describe('StreamableHttpSessions', () => {
  let time: number;
  let sessions: StreamableHttpSessions;
  const make = (options: Partial<StreamableHttpSessionsOptions> = {}) => {
    sessions = new StreamableHttpSessions({
      // Never resolves: no tool is called here, and opening a session does not wait for the app.
      app: { container: new Promise<Container>(() => undefined), logger, clock: new SystemClock() },
      logger,
      maxSessions: 3,
      now: () => time,
      ...options,
    });
    return sessions;
  };
  const open = async (ownerId: string): Promise<McpSession> => {
    const found = await sessions.lookup(
      { sessionId: undefined, method: 'POST', body: INITIALIZE },
      owner(ownerId),
    );
    if (!('session' in found)) throw new Error(`refused: ${JSON.stringify(found.refusal)}`);
    return found.session;
  };
  const find = (sessionId: string, ownerId: string): Promise<SessionLookup> =>
    sessions.lookup(
      { sessionId, method: 'POST', body: { jsonrpc: '2.0', id: 2, method: 'ping' } },
      owner(ownerId),
    );

  beforeEach(() => {
    time = 1_000;
  });
  afterEach(() => sessions.closeAll());

  it('opens a session only for an initialize request', async () => {
    make();
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    await expect(
      sessions.lookup({ sessionId: undefined, method: 'POST', body: ping }, owner('a')),
    ).resolves.toEqual({
      refusal: {
        status: 400,
        body: {
          jsonrpc: '2.0',
          error: { code: -32000, message: expect.stringContaining('initialize') as unknown },
          id: null,
        },
      },
    });
    await expect(
      sessions.lookup({ sessionId: undefined, method: 'GET', body: undefined }, owner('a')),
    ).resolves.toMatchObject({ refusal: { status: 400 } });
    expect(sessions.size).toBe(0);
  });

  it("finds a session for its owner only: an unknown id and another owner's id are both 404", async () => {
    const counts: number[] = [];
    make({ onCountChange: (count) => counts.push(count) });
    const session = await open('a');
    expect(session.ownerId).toBe('a');
    await expect(find(session.id, 'a')).resolves.toEqual({ session });
    await expect(find(session.id, 'b')).resolves.toMatchObject({
      refusal: { status: 404, body: { error: { code: -32001 } } },
    });
    await expect(find('no-such-session', 'a')).resolves.toMatchObject({ refusal: { status: 404 } });
    expect(counts).toEqual([1]);
  });

  const initialize = (ownerId: string) =>
    sessions.lookup({ sessionId: undefined, method: 'POST', body: INITIALIZE }, owner(ownerId));
  const held = () => {
    const counts: Record<string, number> = {};
    for (const id of ['a', 'b', 'c', 'd', 'e']) counts[id] = 0;
    for (const session of (sessions as unknown as { sessions: Map<string, McpSession> }).sessions.values())
      counts[session.ownerId]++;
    return counts;
  };

  it('refuses a new session when every owner holds as many (503 with Retry-After)', async () => {
    make({ maxSessions: 2 });
    await open('a');
    await open('b');
    await expect(initialize('c')).resolves.toMatchObject({
      refusal: { status: 503, body: { error: { code: -32000 } }, retryAfterSeconds: 60 },
    });
    expect(sessions.size).toBe(2);
  });

  it('shares a full pool fairly: owners that filled it cannot keep another owner out, nor take its sessions', async () => {
    make({ maxSessions: 10, maxSessionsPerOwner: 4, idleMs: 30_000 });
    for (const id of ['a', 'a', 'a', 'a', 'b', 'b', 'b', 'b', 'c', 'c']) {
      await open(id);
      time += 10;
    }
    expect(held()).toMatchObject({ a: 4, b: 4, c: 2, d: 0 });

    // A newcomer takes places from the owners holding the most, never from c.
    await open('d');
    await open('d');
    expect(held()).toMatchObject({ a: 3, b: 3, c: 2, d: 2 });

    // Nobody holds two more than d or c: they are refused, with the time until a place idles out.
    time += 5_000;
    for (const id of ['d', 'c'])
      await expect(initialize(id)).resolves.toMatchObject({
        refusal: { status: 503, retryAfterSeconds: 25 },
      });
    // A newcomer holding none still gets a place, from an owner holding the most.
    await open('e');
    expect(held()).toMatchObject({ a: 2, b: 3, c: 2, d: 2, e: 1 });
    // An owner holding as many as anyone replaces its own least recently used session.
    await open('b');
    expect(held()).toMatchObject({ a: 2, b: 3, c: 2, d: 2, e: 1 });
    expect(sessions.size).toBe(10);
  });

  it("closes the owner's least recently used session to make room for its new one", async () => {
    make({ maxSessions: 4, maxSessionsPerOwner: 2 });
    const first = await open('a');
    time += 10;
    const second = await open('a');
    time += 10;
    await find(first.id, 'a'); // now `second` is the least recently used
    const other = await open('b');
    time += 10;
    const third = await open('a');
    expect(sessions.size).toBe(3);
    await expect(find(second.id, 'a')).resolves.toMatchObject({ refusal: { status: 404 } });
    for (const kept of [first, third]) await expect(find(kept.id, 'a')).resolves.toEqual({ session: kept });
    await expect(find(other.id, 'b')).resolves.toEqual({ session: other });
  });

  it('closes sessions idle for longer than the idle period', async () => {
    jest.useFakeTimers();
    try {
      make({ idleMs: 1_000 });
      const idle = await open('a');
      time += 600;
      const busy = await open('a');
      time += 600;
      await jest.advanceTimersByTimeAsync(1_000);
      expect(sessions.size).toBe(1);
      await expect(find(idle.id, 'a')).resolves.toMatchObject({ refusal: { status: 404 } });
      await expect(find(busy.id, 'a')).resolves.toEqual({ session: busy });
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps sessions without an idle period until they are closed', async () => {
    jest.useFakeTimers();
    try {
      make();
      await open('a');
      time += 86_400_000;
      await jest.advanceTimersByTimeAsync(86_400_000);
      expect(sessions.size).toBe(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('closes every session on shutdown and refuses new ones after (503)', async () => {
    make();
    await open('a');
    await open('b');
    await sessions.closeAll();
    expect(sessions.size).toBe(0);
    await expect(
      sessions.lookup({ sessionId: undefined, method: 'POST', body: INITIALIZE }, owner('a')),
    ).resolves.toMatchObject({
      refusal: {
        status: 503,
        body: { error: { message: expect.stringMatching(/shutting down/) as unknown } },
      },
    });
  });
});
