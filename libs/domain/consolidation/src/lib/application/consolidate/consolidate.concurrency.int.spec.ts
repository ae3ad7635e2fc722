/** Consolidation running while memories are remembered and forgotten keeps every link two-sided. */
import { ForgetUseCase } from '@kioku/forgetting';
import { createForgettingTestKit } from '@kioku/forgetting/testing';
import { useChromaTestServer } from '@kioku/vector-store-chroma/testing';
import { ChromaVectorStore } from '@kioku/vector-store-chroma';
import { MemoryVectorStore } from '@kioku/vector-store-memory';
import type { VectorStore } from '@kioku/vector-store';
import { consolidationModule } from '../../consolidation.module';
import { ConsolidateUseCase } from './consolidate.use-case';

async function workload(store: VectorStore) {
  const kit = createForgettingTestKit({
    store,
    modules: [consolidationModule()],
    memory: { linkDistance: 1.2, dedupDistance: 0 },
  });
  const consolidate = kit.container.get(ConsolidateUseCase);
  const forget = kit.container.get(ForgetUseCase);
  const ids: string[] = [];
  for (let i = 0; i < 12; i++) {
    ids.push(
      (
        await kit.remember({
          content: `Evening walk number ${i}`,
          emotion: 'calm',
          tags: ['walk', 'evening'],
        })
      ).id,
    );
    kit.clock.advance(60_000);
  }
  for (let round = 0; round < 3; round++) {
    const victims = ids.splice(0, 3);
    const callers = victims.map((_, i) => ({ ...kit.context, callerId: `c${round}${i}` }));
    await Promise.all(victims.map((id, i) => forget.execute({ memoryId: id }, callers[i])));
    await Promise.all([
      consolidate.execute({}, kit.context),
      ...victims.map((id, i) => forget.execute({ memoryId: id }, callers[i])),
      ...[0, 1, 2].map((i) =>
        kit
          .remember({
            content: `Evening walk in round ${round}, part ${i}`,
            emotion: 'calm',
            tags: ['walk', 'evening'],
          })
          .then((m) => ids.push(m.id)),
      ),
      consolidate.execute({}, kit.context),
    ]);
  }
  return kit.linkHealth();
}

describe('consolidate during remembers and forgets', () => {
  it('leaves every link two-sided and none dangling (in-process store)', async () => {
    const health = await workload(new MemoryVectorStore());
    expect(health.links.length).toBeGreaterThan(20);
    expect(health.oneSided).toEqual([]);
    expect(health.dangling).toEqual([]);
  });

  describe('on a real Chroma server', () => {
    const server = useChromaTestServer();
    it('leaves every link two-sided and none dangling', async () => {
      const health = await workload(
        new ChromaVectorStore({ url: server().url, lexicalIndexFile: server().lexicalIndexFile }),
      );
      expect(health.oneSided).toEqual([]);
      expect(health.dangling).toEqual([]);
    }, 120_000);
  });
});
