/**
 * Forgets, remembers and restores running at once must leave every link two-sided and no link
 * pointing at a missing memory (behaviour §2.2, §4.6), on the in-process store and on a real Chroma server.
 */
import { ChromaVectorStore } from '@kioku/vector-store-chroma';
import { MemoryVectorStore } from '@kioku/vector-store-memory';
import { useChromaTestServer } from '@kioku/vector-store-chroma/testing';
import type { VectorStore } from '@kioku/vector-store';
import { createForgettingTestKit } from '../testing/forgetting-test-kit';
import { ForgetUseCase } from './forget/forget.use-case';
import { RestoreUseCase } from './restore/restore.use-case';

const TOPICS = ['garden', 'kitchen', 'music', 'travel', 'work'];

async function runMixedWorkload(store: VectorStore, rounds: number) {
  const kit = createForgettingTestKit({ store, memory: { linkDistance: 1.2, dedupDistance: 0 } });
  const forget = kit.container.get(ForgetUseCase);
  const restore = kit.container.get(RestoreUseCase);
  const alive: string[] = [];
  for (let i = 0; i < 15; i++)
    alive.push((await kit.remember({ content: `A note about the ${TOPICS[i % 5]} number ${i}` })).id);
  const trashed: string[] = [];

  for (let round = 0; round < rounds; round++) {
    const victims = alive.splice(0, 4);
    const revived = trashed.splice(0, 2);
    const callers = victims.map((_, i) => ({ ...kit.context, callerId: `caller-${round}-${i}` }));
    await Promise.all(victims.map((id, i) => forget.execute({ memoryId: id }, callers[i])));
    const operations: Promise<unknown>[] = [
      ...victims.map((id, i) => forget.execute({ memoryId: id }, callers[i])),
      ...revived.map((id) => restore.execute({ memoryId: id }, kit.context)),
      ...Array.from({ length: 4 }, (_, i) =>
        kit
          .remember({ content: `A fresh note about the ${TOPICS[(round + i) % 5]} in round ${round}` })
          .then((m) => alive.push(m.id)),
      ),
    ];
    await Promise.all(operations);
    trashed.push(...victims);
    alive.push(...revived);
  }
  return kit.linkHealth();
}

describe('concurrent forget, remember and restore', () => {
  it('keep every link two-sided and none dangling (in-process store)', async () => {
    const health = await runMixedWorkload(new MemoryVectorStore(), 6);
    expect(health.links.length).toBeGreaterThan(20);
    expect(health.oneSided).toEqual([]);
    expect(health.dangling).toEqual([]);
  });

  describe('on a real Chroma server', () => {
    const server = useChromaTestServer();

    it('keep every link two-sided and none dangling', async () => {
      const health = await runMixedWorkload(
        new ChromaVectorStore({ url: server().url, lexicalIndexFile: server().lexicalIndexFile }),
        4,
      );
      expect(health.links.length).toBeGreaterThan(20);
      expect(health.oneSided).toEqual([]);
      expect(health.dangling).toEqual([]);
    }, 120_000);
  });
});
