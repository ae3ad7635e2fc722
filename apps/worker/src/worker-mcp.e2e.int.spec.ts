/**
 * The worker and the MCP server at the same time on one data dir (behaviour §1, §10): `kioku mcp` over
 * stdio remembers, links and forgets while `kioku worker --once consolidate` and `--once integrity`
 * run again and again beside it — all on the one store of the data dir (the default: one SQLite file
 * that every process writes in turn). Afterwards, read straight from that store: every link has its
 * reverse and both ends exist, and no worker run failed.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { LinkRepository, pairRecordId, type LinkType } from '@kioku/links';
import { NamespaceCollections } from '@kioku/namespace-storage';
import { openAppStore } from '@kioku/composition/testing';
import type { VectorStore } from '@kioku/vector-store';
import { runWorker } from './testing/worker-process';
import { KIOKU_BIN, lockFiles, readReports, tempDir } from './testing/worker-test-helpers';

const TOPICS = [
  'walked the dog along the river',
  'baked sourdough bread with a new starter',
  'practised the cello scales slowly',
  'debugged the flaky integration test',
  'planted tomatoes in the back garden',
];

/** Every record of a collection, paging through it. */
async function allRecords(store: VectorStore, collection: string) {
  const records = [];
  let cursor: string | undefined;
  do {
    const page = await store.find(collection, { limit: 300, cursor });
    records.push(...page.records);
    cursor = page.nextCursor;
  } while (cursor);
  return records;
}

describe('worker and MCP server on one data dir', () => {
  const dataDir = tempDir('e2e');
  const env = { KIOKU_DATA_DIR: dataDir };
  let client: Client;

  // The few lines of apps/mcp-server/src/testing that are needed here (no imports across apps).
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- structured content varies per tool
    return { isError: result.isError === true, data: result.structuredContent as any };
  };

  beforeAll(async () => {
    client = new Client({ name: 'worker-e2e', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [KIOKU_BIN, 'mcp'],
        env: {
          PATH: process.env.PATH ?? '',
          HOME: dataDir,
          KIOKU_LOG_FILE: join(dataDir, 'mcp.log'),
          ...env,
        },
        stderr: 'pipe',
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every link two-sided and none dangling while both write', async () => {
    const saved: string[] = [];
    const first = await call('remember', { content: `Today I ${TOPICS[0]} in the morning.` });
    saved.push(first.data.memory.id as string);

    let mcpDone = false;
    const mcpSide = (async () => {
      try {
        for (let i = 0; i < 45; i++) {
          const topic = TOPICS[i % TOPICS.length];
          const remembered = await call('remember', {
            content: `Day ${i}: I ${topic}, and it went ${i % 2 ? 'well' : 'badly'} this time (${i * 7} minutes).`,
            tags: [topic.split(' ')[0]],
          });
          if (remembered.data?.status === 'saved') saved.push(remembered.data.memory.id as string);
          if (i % 3 === 1 && saved.length >= 2) {
            await call('link_memories', {
              source_id: saved[saved.length - 1],
              target_id: saved[Math.floor(saved.length / 2)],
              link_type: 'related',
            });
          }
          if (i % 4 === 3 && saved.length > 3) {
            const victim = saved.splice(Math.floor(saved.length / 3), 1)[0];
            await call('forget', { memory_id: victim });
            const forgotten = await call('forget', { memory_id: victim });
            expect(forgotten.isError).toBe(false);
          }
        }
      } finally {
        mcpDone = true;
      }
    })();

    const workerSide = (async () => {
      let rounds = 0;
      while (!mcpDone || rounds < 3) {
        const results = await Promise.all([
          runWorker(['--once', 'consolidate'], env),
          runWorker(['--once', 'integrity'], env),
        ]);
        for (const result of results)
          expect({ code: result.code, stderr: result.code === 0 ? '' : result.stderr }).toEqual({
            code: 0,
            stderr: '',
          });
        rounds++;
      }
      return rounds;
    })();

    const [, rounds] = await Promise.all([mcpSide, workerSide]);
    expect(rounds).toBeGreaterThanOrEqual(3);

    const { store } = openAppStore({ KIOKU_DATA_DIR: dataDir });
    const memoryIds = new Set((await allRecords(store, 'kioku_default_memories')).map((r) => r.id));
    const records = await allRecords(store, 'kioku_default_links');
    expect(memoryIds.size).toBeGreaterThan(10);
    expect(records.length).toBeGreaterThan(10);

    // A link is one record per pair (behaviour §2.2): two-sided when every record is a whole pair
    // (no half of the older per-direction format) and both ends read it back.
    const notPairs = records.filter(
      (r) =>
        r.id !==
        pairRecordId(String(r.metadata.sourceId), String(r.metadata.targetId), r.metadata.type as LinkType),
    );
    expect(notPairs.map((r) => r.id)).toEqual([]);
    const links = new LinkRepository(store, new NamespaceCollections(store));
    const all = await links.findAll('default');
    const keys = new Set(all.map((l) => `${l.sourceId}>${l.targetId}>${l.type}`));
    expect(all.filter((l) => !keys.has(`${l.targetId}>${l.sourceId}>${l.type}`))).toEqual([]);
    const ends = [...new Set(all.flatMap((l) => [l.sourceId, l.targetId]))];
    expect(ends.filter((id) => !memoryIds.has(id))).toEqual([]);
    const fromEnds = await links.linksFrom('default', ends);
    expect(fromEnds.length).toBe(all.length);
    for (const id of saved) expect(memoryIds.has(id)).toBe(true);

    const reports = [
      ...readReports(join(dataDir, 'worker-reports'), 'consolidate'),
      ...readReports(join(dataDir, 'worker-reports'), 'integrity'),
    ];
    expect(reports.length).toBeGreaterThanOrEqual(6);
    expect(reports.filter((r) => r.status !== 'ok' && r.status !== 'skipped')).toEqual([]);
    expect(lockFiles(join(dataDir, 'worker-locks'))).toEqual([]);
  }, 300_000);
});
