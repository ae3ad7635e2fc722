import { LinkRepository } from '@kioku/links';
import { MemoryRepository } from '@kioku/memory';
import { kyotoTripSetup } from '../../testing/episodes-test-kit';
import { InspectMemoryUseCase } from './inspect-memory.use-case';

describe('InspectMemoryUseCase', () => {
  async function setup() {
    const trip = await kyotoTripSetup();
    const [arrived, shrine, dinner] = trip.ids;
    const links = trip.container.get(LinkRepository);
    const link = (sourceId: string, targetId: string, confidence: number) => ({
      sourceId,
      targetId,
      type: 'related' as const,
      confidence,
      note: '',
      createdAt: trip.clock.now().toISOString(),
    });
    // Created from the other end: a link reads the same from both.
    await links.saveBoth('test', [link(shrine, arrived, 0.4), link(arrived, dinner, 0.9)]);
    await trip.create.execute(
      { memoryIds: [arrived, shrine], summary: 'The first day in Kyoto' },
      trip.context,
    );
    return { ...trip, arrived, shrine, dinner, inspect: trip.container.get(InspectMemoryUseCase) };
  }

  it('returns the memory, its links from its side with the memory at each other end, and its episodes', async () => {
    const { inspect, context, arrived, shrine, dinner } = await setup();
    const result = await inspect.execute({ memoryId: arrived }, context);
    if (result.status !== 'found') throw new Error(result.status);
    expect(result.memory.content).toBe('Arrived in Kyoto');
    // Strongest link first, each seen from the inspected memory.
    expect(result.links.map((l) => [l.link.sourceId, l.link.targetId, l.memory.content])).toEqual([
      [arrived, dinner, 'Ate yudofu'],
      [arrived, shrine, 'Visited Fushimi Inari'],
    ]);
    expect(result.episodes.map((e) => e.summary)).toEqual(['The first day in Kyoto']);
    const unlinked = await inspect.execute({ memoryId: dinner }, context);
    if (unlinked.status !== 'found') throw new Error(unlinked.status);
    expect(unlinked.episodes).toEqual([]);
  });

  it('counts no access (a passive read)', async () => {
    const { inspect, context, arrived, container } = await setup();
    await inspect.execute({ memoryId: arrived }, context);
    const [stored] = await container.get(MemoryRepository).get('test', [arrived]);
    expect(stored.memory.accessCount).toBe(0);
    expect(stored.memory.lastAccessedAt).toBeNull();
  });

  it('leaves out a link whose other end is gone, and reports an unknown id or another namespace as not found', async () => {
    const { inspect, context, arrived, dinner, container } = await setup();
    await container.get(MemoryRepository).delete('test', [dinner]);
    const result = await inspect.execute({ memoryId: arrived }, context);
    if (result.status !== 'found') throw new Error(result.status);
    expect(result.links.map((l) => l.memory.content)).toEqual(['Visited Fushimi Inari']);

    expect(await inspect.execute({ memoryId: 'mem_000000000000' }, context)).toEqual({
      status: 'not_found',
      memoryId: 'mem_000000000000',
    });
    expect(await inspect.execute({ memoryId: arrived }, { ...context, namespace: 'other' })).toEqual({
      status: 'not_found',
      memoryId: arrived,
    });
  });
});
