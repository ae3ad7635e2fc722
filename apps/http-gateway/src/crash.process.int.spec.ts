/**
 * Crash safety of concurrent remembers: `kioku http` (embedded default) is killed with SIGKILL while
 * a burst of concurrent remembers to one namespace is being stored in groups; a new gateway on the
 * same data dir then finds every remember that was acknowledged, with every link of it two-sided (the
 * memory at the other end exists and links back), and the namespace holds nothing half-written: every
 * memory it has is readable, and every link in it joins two memories that exist.
 */
import type { ChildProcess } from 'node:child_process';
import { gatewayProcesses, type GatewayProcesses } from './testing/gateway-processes';

jest.setTimeout(300_000);

const BURST = 48;
const KILL_AFTER_ACKS = 8;
const TOPICS = ['harbor', 'violin', 'glacier', 'bakery', 'comet', 'orchard', 'lantern', 'meadow'];

interface Inspection {
  memory: { id: string };
  links: { memory: { id: string } }[];
}

describe('SIGKILL in the middle of a group of concurrent remembers', () => {
  let gateways: GatewayProcesses;
  let gateway: ChildProcess | undefined;

  const start = async (): Promise<string> => {
    const started = await gateways.start();
    gateway = started.child;
    return started.url;
  };
  const killed = async () => {
    const child = gateway!;
    const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
    child.kill('SIGKILL');
    await exited;
  };

  beforeAll(() => {
    gateways = gatewayProcesses('kioku-crash-', { KIOKU_HTTP_MAX_IN_FLIGHT_PER_KEY: '100' });
  });
  afterAll(() => gateways.stop());

  it('keeps every acknowledged memory with its links two-sided, and nothing half-written', async () => {
    const token = await gateways.createKey('crash');
    const request = async (url: string, method: string, body?: unknown) => {
      const response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- fields checked where read
      return { status: response.status, body: (await response.json().catch(() => undefined)) as any };
    };
    const note = (i: number) =>
      `Crash note ${i}: the ${TOPICS[i % TOPICS.length]} near the ${TOPICS[(i * 3 + 1) % TOPICS.length]}, entry ${i * 7919}.`;

    let url = await start();
    // Memories already stored, so the burst links to the store as well as within itself.
    for (let i = 0; i < 4; i++)
      expect((await request(`${url}/v1/memories`, 'POST', { content: note(1000 + i) })).status).toBe(201);

    const acknowledged: string[] = [];
    let killing: Promise<void> | undefined;
    const burst = Array.from({ length: BURST }, async (_, i) => {
      try {
        const answer = await request(`${url}/v1/memories`, 'POST', { content: note(i) });
        if (answer.status === 201) acknowledged.push(answer.body.memory.id as string);
        if (acknowledged.length === KILL_AFTER_ACKS) killing ??= killed();
      } catch {
        // Cut off by the kill: not acknowledged.
      }
    });
    await Promise.all(burst);
    await killing;
    // Killed in the middle: some acknowledged, not all.
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(acknowledged.length).toBeLessThan(BURST);

    url = await start();
    for (const id of acknowledged) {
      const found = await request(`${url}/v1/memories/${id}`, 'GET');
      expect(found.status).toBe(200);
      for (const link of (found.body as Inspection).links) {
        const other = await request(`${url}/v1/memories/${link.memory.id}`, 'GET');
        expect(other.status).toBe(200);
        expect((other.body as Inspection).links.map((l) => l.memory.id)).toContain(id);
      }
    }
    const exported = (await gateways.cli(['export', '--namespace', 'crash', '--include-private'])).stdout
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map(
        (line) =>
          JSON.parse(line) as {
            type: string;
            memory?: { id: string };
            link?: { sourceId: string; targetId: string };
          },
      );
    const stored = new Set(exported.flatMap((line) => (line.memory ? [line.memory.id] : [])));
    expect([...acknowledged].filter((id) => !stored.has(id))).toEqual([]);
    for (const line of exported)
      if (line.link) {
        expect(stored.has(line.link.sourceId)).toBe(true);
        expect(stored.has(line.link.targetId)).toBe(true);
      }
    for (const id of stored) expect((await request(`${url}/v1/memories/${id}`, 'GET')).status).toBe(200);
    expect((await request(`${url}/v1/wake-up`, 'GET')).body.total).toBe(stored.size);
  });
});
