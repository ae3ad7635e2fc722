/**
 * Two `kioku http` replicas on one data dir (the embedded default) racing writes to the same memories,
 * as the fourth probe did: each round a new memory, then six tag updates and six content updates of it
 * at once, alternating replicas, every one answered 200. Afterwards every read surface agrees on each
 * memory — GET on either replica, `kioku export`, the worker's backup, and recall filtered by each tag
 * — with the same content, tags and links (confidences included), one of the acknowledged writes; and
 * the integrity job finds nothing to rebuild. Before the store's writes took turns per record, GET and
 * export disagreed on content, recall's tag filters kept tags a memory had lost, and GET missed links.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { startReplicaCluster, type ReplicaCluster, type RoundRobinClient } from './testing/replica-cluster';

jest.setTimeout(600_000);

const NAMESPACE = 'race';
const ROUNDS = 6;
const TAGS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];
const TOPICS = ['harbor', 'violin', 'glacier', 'bakery', 'comet', 'orchard'];

interface Surface {
  content: string;
  tags: string[];
  /** `<other id> <type> <confidence>`, sorted. */
  links: string[];
}

interface ExportedLink {
  sourceId: string;
  targetId: string;
  type: string;
  confidence: number;
}

function exportedSurfaces(text: string, ids: string[]): Map<string, Surface> {
  const lines = text
    .split('\n')
    .filter(Boolean)
    .map(
      (line) => JSON.parse(line) as { type: string; memory?: Surface & { id: string }; link?: ExportedLink },
    );
  const links = lines.flatMap((l) => (l.type === 'link' && l.link ? [l.link] : []));
  const surfaces = new Map<string, Surface>();
  for (const { memory } of lines.filter((l) => l.type === 'memory')) {
    if (!memory || !ids.includes(memory.id)) continue;
    const own = links.flatMap((link) =>
      link.sourceId === memory.id
        ? [`${link.targetId} ${link.type} ${link.confidence.toFixed(2)}`]
        : link.targetId === memory.id
          ? [`${link.sourceId} ${link.type} ${link.confidence.toFixed(2)}`]
          : [],
    );
    surfaces.set(memory.id, { content: memory.content, tags: memory.tags, links: own.sort() });
  }
  return surfaces;
}

describe('two replicas racing updates of the same memories', () => {
  let cluster: ReplicaCluster;
  let client: RoundRobinClient;
  const acknowledged = new Map<string, { contents: Set<string>; tags: Set<string> }>();

  beforeAll(async () => {
    cluster = await startReplicaCluster(2, { KIOKU_HTTP_MAX_IN_FLIGHT_PER_KEY: '100' });
    client = cluster.roundRobin(await cluster.createKey(NAMESPACE));
  }, 300_000);
  afterAll(() => cluster?.stop());

  it('acknowledges every racing write', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const topic = TOPICS[round];
      const content = `Round ${round}: the ${topic} by the water, noted on a grey morning.`;
      const saved = await client.send('POST', '/v1/memories', { content, tags: ['start'], force: true });
      expect(saved.status).toBe(201);
      const id = saved.body.memory.id as string;
      const variants = TAGS.map(
        (_, i) => `Round ${round}, take ${i}: the ${topic} seen again, detail ${i * 7}.`,
      );
      acknowledged.set(id, { contents: new Set([content, ...variants]), tags: new Set(['start', ...TAGS]) });
      const updates = await Promise.all([
        ...TAGS.map((tag) => client.send('PATCH', `/v1/memories/${id}`, { tags: [tag] })),
        ...variants.map((variant) => client.send('PATCH', `/v1/memories/${id}`, { content: variant })),
      ]);
      expect(updates.map((u) => u.status)).toEqual(updates.map(() => 200));
    }
  });

  it('shows each memory alike on GET from either replica, export, backup and tag-filtered recall', async () => {
    const ids = [...acknowledged.keys()];
    // Recall's access counts are written a second late: let them land before reading.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const exported = exportedSurfaces((await cluster.cli(['export', '--namespace', NAMESPACE])).stdout, ids);
    await cluster.cli(['worker', '--once', 'backup', '--namespace', NAMESPACE]);
    const folder = join(cluster.dataDir, 'backups', NAMESPACE);
    const [backupFile] = readdirSync(folder);
    const backedUp = exportedSurfaces(
      gunzipSync(readFileSync(join(folder, backupFile))).toString('utf8'),
      ids,
    );

    for (const id of ids) {
      const got: Surface[] = [];
      for (let replica = 0; replica < 2; replica++) {
        const response = await client.send('GET', `/v1/memories/${id}`);
        expect(response.status).toBe(200);
        got.push({
          content: response.body.memory.content,
          tags: response.body.memory.tags,
          links: (response.body.links as { type: string; confidence: number; memory: { id: string } }[])
            .map((l) => `${l.memory.id} ${l.type} ${l.confidence.toFixed(2)}`)
            .sort(),
        });
      }
      const [first] = got;
      expect({ id, second: got[1], exported: exported.get(id), backedUp: backedUp.get(id) }).toEqual({
        id,
        second: first,
        exported: first,
        backedUp: first,
      });
      const { contents, tags } = acknowledged.get(id)!;
      expect(contents.has(first.content)).toBe(true);
      expect(first.tags).toHaveLength(1);
      expect(tags.has(first.tags[0])).toBe(true);

      const foundBy: Record<string, boolean> = {};
      for (const tag of ['start', ...TAGS]) {
        const recall = await client.send('POST', '/v1/recall', {
          query: first.content,
          tags: [tag],
          n_results: 20,
        });
        foundBy[tag] = (recall.body.results as { id: string }[]).some((r) => r.id === id);
      }
      expect({ id, foundBy }).toEqual({
        id,
        foundBy: Object.fromEntries(['start', ...TAGS].map((tag) => [tag, first.tags.includes(tag)])),
      });
    }
  });

  it('leaves the integrity job nothing to rebuild', async () => {
    await cluster.cli(['worker', '--once', 'integrity', '--namespace', NAMESPACE]);
    const reports = readFileSync(join(cluster.dataDir, 'worker-reports', 'integrity.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { namespace: string; counts: Record<string, number> });
    const report = reports.find((r) => r.namespace === NAMESPACE);
    expect(report?.counts).toMatchObject({
      tagKeysRebuilt: 0,
      lexicalEntriesAdded: 0,
      lexicalEntriesRemoved: 0,
      linkIndexEntriesAdded: 0,
      linkIndexEntriesRemoved: 0,
      danglingLinksRemoved: 0,
    });
  });
});
