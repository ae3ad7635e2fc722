/**
 * A `remember_batch` killed with SIGKILL between storing a chunk of memories and writing their links
 * (`kioku mcp` over stdio on the embedded default: the in-process store, the local model) leaves those memories
 * without links; after `kioku worker --once integrity` every memory it stored has the links the same
 * batch gets when nothing interrupts it (sent whole to a second data dir), and no link dangles.
 *
 * Landing the kill in that window: the test stops kioku (SIGSTOP) every few milliseconds and reads the
 * store while it is stopped (its committed state, from the store's file, which a stopped writer does
 * not block). Once the store holds linked memories of the batch (a first chunk, written whole)
 * and memories without any link (a later chunk, stored, its links not yet written), kioku is killed
 * while still stopped, so that link write never leaves it; otherwise it goes on (SIGCONT).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { LinkRepository } from '@kioku/links';
import { fromRecord } from '@kioku/memory';
import { collectionName, NamespaceCollections } from '@kioku/namespace-storage';
import type { VectorStore } from '@kioku/vector-store';
import { callTool } from './testing/call-tool';
import { runKioku } from './testing/run-kioku';
import { startStdioKioku, type StdioKioku } from './testing/stdio-client';

jest.setTimeout(900_000);

const BATCH = 128;
/** Fresh data dirs tried before the test gives up on landing the kill in the window. */
const ATTEMPTS = 4;
const PLACES = ['harbor', 'orchard', 'bakery', 'library', 'market', 'station', 'garden', 'museum'];
const SIGHTS = ['a red bicycle', 'the old lighthouse', 'fresh rye bread', 'a jazz trio', 'the night train'];
const note = (i: number) =>
  `Trip journal, day ${Math.floor(i / 8) + 1}: at the ${PLACES[i % PLACES.length]} we saw ` +
  `${SIGHTS[(i * 3 + Math.floor(i / 8)) % SIGHTS.length]}, and Mika wrote ${i * 37 + 11} words about it.`;
const memories = Array.from({ length: BATCH }, (_, i) => ({ content: note(i) }));

/** What the store holds: each memory's content by id, and every link seen from both ends. */
interface StoredGraph {
  contents: Map<string, string>;
  links: { sourceId: string; targetId: string; type: string; confidence: number }[];
}

async function readGraph(kioku: StdioKioku, store: VectorStore): Promise<StoredGraph> {
  const contents = new Map<string, string>();
  const collection = collectionName(kioku.namespace, 'memories');
  if (!(await store.describeCollection(collection))) return { contents, links: [] };
  let cursor: string | undefined;
  do {
    const page = await store.find(collection, { limit: 500, cursor });
    for (const record of page.records) {
      const memory = fromRecord(record);
      if (memory) contents.set(memory.id, memory.content);
    }
    cursor = page.nextCursor;
  } while (cursor);
  const links = await new LinkRepository(store, new NamespaceCollections(store)).findAll(kioku.namespace);
  return { contents, links };
}

/** The stored memories that no link reaches. */
function unlinked(graph: StoredGraph): string[] {
  const linked = new Set(graph.links.map((link) => link.sourceId));
  return [...graph.contents.keys()].filter((id) => !linked.has(id));
}

/** Each memory's links, by content (ids differ between data dirs): the other end's content → type, confidence. */
function linksByContent(graph: StoredGraph): Map<string, Map<string, { type: string; confidence: number }>> {
  const byContent = new Map([...graph.contents.values()].map((content) => [content, new Map()]));
  for (const { sourceId, targetId, type, confidence } of graph.links) {
    const [source, target] = [graph.contents.get(sourceId), graph.contents.get(targetId)];
    if (source !== undefined && target !== undefined)
      byContent.get(source)!.set(target, { type, confidence });
  }
  return byContent;
}

function isStopped(pid: number): boolean {
  // /proc/<pid>/stat: "pid (comm) state ..."; T is stopped by a signal.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).startsWith('T');
}

async function stop(pid: number): Promise<void> {
  process.kill(pid, 'SIGSTOP');
  while (!isStopped(pid)) await delay(1);
  // A request written to the socket just before the stop is answered while kioku sleeps: let it land.
  await delay(20);
}

/**
 * Sends the batch and kills kioku once a later chunk is stored without its links. Returns false when
 * the batch ended before a stop fell in that window.
 */
async function killBetweenStoreAndLinks(kioku: StdioKioku): Promise<boolean> {
  // The store opens after the handshake.
  let store: VectorStore | undefined;
  const storeOnceRunning = () => (store ??= kioku.storeStarted() ? kioku.store() : undefined);
  let answered = false;
  const batch = callTool(kioku.client, 'remember_batch', { memories }, 600_000).then(
    () => (answered = true),
    () => undefined, // cut off by the kill
  );
  const exited = new Promise<void>((resolve) => {
    const poll = setInterval(() => {
      try {
        process.kill(kioku.pid, 0);
      } catch {
        clearInterval(poll);
        resolve();
      }
    }, 20);
  });
  while (!answered) {
    await delay(2 + Math.random() * 8);
    const running = storeOnceRunning();
    if (!running) continue;
    await stop(kioku.pid);
    const graph = await readGraph(kioku, running);
    if (graph.links.length > 0 && unlinked(graph).length > 0) {
      process.kill(kioku.pid, 'SIGKILL');
      await exited;
      await batch;
      return true;
    }
    process.kill(kioku.pid, 'SIGCONT');
  }
  await batch;
  return false;
}

describe('a remember_batch killed with SIGKILL between storing memories and writing their links', () => {
  const started: StdioKioku[] = [];
  const start = async (dataDir?: string) => {
    const kioku = await startStdioKioku({}, dataDir);
    started.push(kioku);
    return kioku;
  };

  afterAll(async () => {
    for (const kioku of started.reverse()) await kioku.close().catch(() => undefined);
  });

  it('has, after the integrity job, the links the uninterrupted batch has, none dangling', async () => {
    const whole = await start();
    const sent = await callTool(whole.client, 'remember_batch', { memories }, 600_000);
    expect(sent.isError).toBe(false);
    expect(sent.data.results.map((r: { status: string }) => r.status)).toEqual(memories.map(() => 'saved'));
    const reference = await readGraph(whole, whole.store());
    // Every memory of the batch is linked when nothing interrupts it: a memory without links is the kill's.
    expect(reference.contents.size).toBe(BATCH);
    expect(unlinked(reference)).toEqual([]);

    // Kioku restarted on the data dir of a batch killed in the window, and what the kill left.
    let restarted: StdioKioku | undefined;
    let afterKill: StoredGraph | undefined;
    for (let attempt = 0; attempt < ATTEMPTS && !restarted; attempt++) {
      const candidate = await start();
      if (!(await killBetweenStoreAndLinks(candidate))) continue;
      const again = await start(candidate.dataDir);
      // A first call opens the store again.
      expect((await callTool(again.client, 'wake_up', {})).isError).toBe(false);
      const graph = await readGraph(again, again.store());
      // A link write already sent when kioku was stopped may still have landed: then try again.
      if (unlinked(graph).length > 0) [restarted, afterKill] = [again, graph];
    }
    expect(restarted).toBeDefined();
    expect(afterKill!.contents.size).toBeLessThanOrEqual(BATCH);
    const { dataDir } = restarted!;
    const store = restarted!.store();

    const integrity = await runKioku(['worker', '--once', 'integrity'], {
      HOME: dataDir,
      KIOKU_DATA_DIR: dataDir,
      KIOKU_LOG_FILE: join(dataDir, 'worker.log'),
    });
    expect(integrity.code).toBe(0);

    const repaired = await readGraph(restarted!, store);
    expect(new Set(repaired.contents.keys())).toEqual(new Set(afterKill!.contents.keys()));
    for (const link of repaired.links) {
      expect(repaired.contents.has(link.sourceId)).toBe(true);
      expect(repaired.contents.has(link.targetId)).toBe(true);
    }
    // Each memory present, with the uninterrupted batch's links to the memories the killed one stored.
    const present = new Set(repaired.contents.values());
    const expected = new Map(
      [...linksByContent(reference)]
        .filter(([content]) => present.has(content))
        .map(([content, links]) => [content, new Map([...links].filter(([other]) => present.has(other)))]),
    );
    const actual = linksByContent(repaired);
    const named = (byContent: typeof actual) =>
      Object.fromEntries([...byContent].map(([content, links]) => [content, [...links.keys()].sort()]));
    expect(named(actual)).toEqual(named(expected));
    for (const [content, links] of expected)
      for (const [other, { type, confidence }] of links) {
        expect(actual.get(content)!.get(other)!.type).toBe(type);
        expect(actual.get(content)!.get(other)!.confidence).toBeCloseTo(confidence, 5);
      }
    const [report] = readFileSync(join(dataDir, 'worker-reports', 'integrity.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { status: string; counts: Record<string, number> });
    expect(report.status).toBe('ok');
    expect(report.counts.memoriesRelinked).toBeGreaterThan(0);
  });
});
