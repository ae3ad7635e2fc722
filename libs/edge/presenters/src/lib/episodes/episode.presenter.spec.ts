import { Container } from 'inversify';
import { KERNEL_TOKENS, RandomIdGenerator } from '@kioku/kernel';
import { EMBEDDINGS_TOKENS } from '@kioku/embeddings';
import { VECTOR_STORE_TOKENS } from '@kioku/vector-store';
import { MemoryVectorStore } from '@kioku/vector-store-memory';
import { linksModule } from '@kioku/links';
import { namespaceStorageModule } from '@kioku/namespace-storage';
import {
  DEFAULT_MEMORY_SETTINGS,
  MEMORY_TOKENS,
  MemoryRepository,
  RememberUseCase,
  memoryModule,
} from '@kioku/memory';
import { RedactingLogger } from '@kioku/redaction';
import { CapturingLogSink, DeterministicEmbeddingProvider, FixedClock } from '@kioku/testing-fakes';
import { createEpisodeText, getEpisodeText } from './episode.presenter';
import { CreateEpisodeUseCase, GetEpisodeUseCase, episodesModule } from '@kioku/episodes';

describe('episodes (behaviour §4.10)', () => {
  const setup = async () => {
    const container = new Container();
    const clock = new FixedClock();
    container.bind(VECTOR_STORE_TOKENS.VectorStore).toConstantValue(new MemoryVectorStore());
    container.bind(EMBEDDINGS_TOKENS.EmbeddingProvider).toConstantValue(new DeterministicEmbeddingProvider());
    container.bind(KERNEL_TOKENS.Clock).toConstantValue(clock);
    container.bind(KERNEL_TOKENS.IdGenerator).toConstantValue(new RandomIdGenerator());
    container
      .bind(KERNEL_TOKENS.Logger)
      .toConstantValue(new RedactingLogger(new CapturingLogSink(), 'debug', clock));
    container.bind(MEMORY_TOKENS.Settings).toConstantValue({ ...DEFAULT_MEMORY_SETTINGS, dedupDistance: 0 });
    container.loadSync(namespaceStorageModule(), linksModule(), memoryModule(), episodesModule());
    const context = { namespace: 'test', callerId: 'c' };
    const ids: string[] = [];
    for (const [content, importance] of [
      ['Arrived in Kyoto', 3],
      ['Visited Fushimi Inari', 4],
      ['Ate yudofu', 2],
    ] as const) {
      const r = await container.get(RememberUseCase).execute({ content, importance }, context);
      if (r.status === 'saved') ids.push(r.memory.id);
      clock.advance(3_600_000);
    }
    return {
      container,
      context,
      ids,
      create: container.get(CreateEpisodeUseCase),
      get: container.get(GetEpisodeUseCase),
    };
  };

  it('creates an episode spanning its memories, with their highest importance, dropping unknown ids', async () => {
    const { create, get, ids, context } = await setup();
    const created = await create.execute(
      { memory_ids: [...ids, 'mem_000000000000'], summary: 'Kyoto trip' },
      context,
    );
    expect(createEpisodeText(created)).toBe(
      `Created episode ${created.episode.id} with 3 memories.\nSkipped unknown ids: mem_000000000000`,
    );
    expect(created.episode.id).toMatch(/^ep_[0-9a-f]{12}$/);
    const text = getEpisodeText(await get.execute({ episode_id: created.episode.id }, context));
    expect(text.split('\n').slice(0, 5)).toEqual([
      `Episode: ${created.episode.id}`,
      'Summary: Kyoto trip',
      'Memories: 3',
      'Period: 2026-11-21T09:00:00.000Z → 2026-11-21T11:00:00.000Z',
      'Importance: 4',
    ]);
    expect(text).not.toContain('Note:');
  });

  it('notes memories that no longer exist (lazy cleanup)', async () => {
    const { create, get, ids, context, container } = await setup();
    const { episode } = await create.execute({ memory_ids: ids, summary: 'Kyoto trip' }, context);
    await container.get(MemoryRepository).delete('test', [ids[0], ids[1]]);
    const text = getEpisodeText(await get.execute({ episode_id: episode.id }, context));
    expect(text).toContain('Memories: 1\n');
    expect(text).toContain('Note: 2 memory(ies) no longer exist.');
  });

  it('answers not found, and refuses an empty list or a list of unknown ids', async () => {
    const { create, get, context } = await setup();
    expect(getEpisodeText(await get.execute({ episode_id: 'ep_000000000000' }, context))).toBe(
      'Episode not found: ep_000000000000',
    );
    await expect(create.execute({ memory_ids: [], summary: 'x' }, context)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(
      create.execute({ memory_ids: ['mem_000000000000'], summary: 'x' }, context),
    ).rejects.toMatchObject({ code: 'MEMORY_NOT_FOUND' });
    await expect(
      create.execute({ memory_ids: ['mem_000000000000'], summary: ' ' }, context),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});
