/**
 * Three `kioku http` processes on three ports against one store (the in-process store's file shared
 * through one data dir), keys for two namespaces made with the CLI, and clients that send each
 * request to the next replica in turn. Two-step deletes (202 on one
 * replica, confirmed on the next), a sweep dry run executed on another replica, remembers, recalls
 * and restores all succeed; afterwards: no lost write, no one-sided link, no crossed namespace.
 */
import 'reflect-metadata';
import { Container } from 'inversify';
import { vectorStoreModule } from '@kioku/composition';
import { LinkRepository, linksModule, type Link } from '@kioku/links';
import { namespaceStorageModule } from '@kioku/namespace-storage';
import { parseGatewayConfig } from './config';
import { startReplicaCluster, type ReplicaCluster, type RoundRobinClient } from './testing/replica-cluster';

jest.setTimeout(300_000);

const NAMESPACES = ['alpha', 'beta'] as const;
const TOPICS = ['violin', 'harbor', 'glacier', 'bakery', 'comet', 'orchard', 'tunnel', 'lantern'];

describe('three kioku http replicas on one store, round-robin', () => {
  let cluster: ReplicaCluster;
  const clients = new Map<string, RoundRobinClient>();
  const saved = new Map<string, Set<string>>(NAMESPACES.map((ns) => [ns, new Set<string>()]));

  beforeAll(async () => {
    cluster = await startReplicaCluster(3);
    for (const namespace of NAMESPACES)
      clients.set(namespace, cluster.roundRobin(await cluster.createKey(namespace)));
  }, 300_000);

  afterAll(() => cluster?.stop());

  const client = (namespace: string) => clients.get(namespace)!;
  const remember = async (namespace: string, content: string) => {
    const response = await client(namespace).send('POST', '/v1/memories', { content, force: true });
    expect(response.status).toBe(201);
    saved.get(namespace)!.add(response.body.memory.id);
    return response.body.memory.id as string;
  };

  it('runs three replicas on one embedded store', () => {
    expect(new Set(cluster.urls).size).toBe(3);
  });

  it('remembers on every replica, with links between similar memories', async () => {
    for (const namespace of NAMESPACES) {
      for (let i = 0; i < 12; i++) {
        const topic = TOPICS[i % TOPICS.length];
        await remember(
          namespace,
          `${namespace} note ${i}: the ${topic} story, told again about the ${topic}.`,
        );
      }
    }
  });

  it('recalls on every replica only its own namespace', async () => {
    for (const namespace of NAMESPACES) {
      for (let i = 0; i < 6; i++) {
        const response = await client(namespace).send('POST', '/v1/recall', {
          query: `the ${TOPICS[i]} story`,
          n_results: 10,
        });
        expect(response.status).toBe(200);
        for (const result of response.body.results as { id: string }[])
          expect(saved.get(namespace)!.has(result.id)).toBe(true);
      }
    }
  });

  it('deletes in two steps across replicas: 202 with a token on one, confirmed on the next', async () => {
    for (const namespace of NAMESPACES) {
      for (let i = 0; i < 3; i++) {
        const id = await remember(namespace, `${namespace} throwaway ${i}: a short-lived note about a kite.`);
        const first = await client(namespace).send('DELETE', `/v1/memories/${id}`);
        expect(first.status).toBe(202);
        const second = await client(namespace).send(
          'DELETE',
          `/v1/memories/${id}?confirm=${encodeURIComponent(first.body.confirmationToken)}`,
        );
        expect(second.replica).not.toBe(first.replica);
        expect(second.status).toBe(200);
        expect(second.body.forgotten).toEqual([id]);
        const reused = await client(namespace).send(
          'DELETE',
          `/v1/memories/${id}?confirm=${encodeURIComponent(first.body.confirmationToken)}`,
        );
        expect(reused.status).toBe(409);
        saved.get(namespace)!.delete(id);
        if (i === 0) {
          const restored = await client(namespace).send('POST', `/v1/memories/${id}/restore`);
          expect(restored.status).toBe(200);
          expect(restored.body.status).toBe('restored');
          saved.get(namespace)!.add(id);
        }
      }
    }
  });

  it('redeems one token once when two replicas are sent it at once', async () => {
    const id = await remember('alpha', 'alpha contested note: two replicas race to delete it.');
    const first = await client('alpha').send('DELETE', `/v1/memories/${id}`);
    const url = `/v1/memories/${id}?confirm=${encodeURIComponent(first.body.confirmationToken)}`;
    const raced = await Promise.all([
      client('alpha').send('DELETE', url),
      client('alpha').send('DELETE', url),
    ]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    saved.get('alpha')!.delete(id);
  });

  it('executes on another replica the sweep dry run made on one', async () => {
    const dryRun = await client('beta').send('POST', '/v1/forget/sweep');
    expect(dryRun.status).toBe(200);
    const execution = await client('beta').send('POST', '/v1/forget/sweep/execute');
    expect(execution.replica).not.toBe(dryRun.replica);
    expect(execution.status).toBe(200);
    expect(execution.body.mode).toBe('sweep_executed');
    const again = await client('beta').send('POST', '/v1/forget/sweep/execute');
    expect(again.status).toBe(409);
  });

  it('lost no write, left no one-sided link and crossed no namespace', async () => {
    const config = parseGatewayConfig(cluster.env);
    const container = new Container();
    container.loadSync(vectorStoreModule(config.vectorStore), namespaceStorageModule(), linksModule());
    try {
      const links = container.get(LinkRepository);
      for (const namespace of NAMESPACES) {
        const ids = [...saved.get(namespace)!];
        const readable = await Promise.all(
          ids.map((id) => client(namespace).send('PATCH', `/v1/memories/${id}`, {})),
        );
        expect(readable.map((r) => r.body?.status)).toEqual(ids.map(() => 'unchanged'));
        const wakeUp = await client(namespace).send('GET', '/v1/wake-up');
        expect(wakeUp.body.total).toBe(ids.length);

        const all = await links.findAll(namespace);
        expect(all.length).toBeGreaterThan(0);
        const key = (l: Link) => `${l.sourceId}>${l.targetId}>${l.type}`;
        const keys = new Set(all.map(key));
        expect(all.filter((l) => !keys.has(`${l.targetId}>${l.sourceId}>${l.type}`))).toEqual([]);
        const ends = new Set(all.flatMap((l) => [l.sourceId, l.targetId]));
        expect([...ends].filter((id) => !saved.get(namespace)!.has(id))).toEqual([]);
      }
      const alphaIds = [...saved.get('alpha')!];
      const crossed = await Promise.all(
        alphaIds.map((id) => client('beta').send('PATCH', `/v1/memories/${id}`, {})),
      );
      expect(crossed.map((r) => r.status)).toEqual(alphaIds.map(() => 404));
    } finally {
      await container.unbindAll();
    }
  });
});
