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
  RememberUseCase,
  memoryModule,
} from '@kioku/memory';
import { RedactingLogger } from '@kioku/redaction';
import { CapturingLogSink, DeterministicEmbeddingProvider, FixedClock } from '@kioku/testing-fakes';
import { episodesModule } from '../episodes.module';
import { CreateEpisodeUseCase } from './create-episode/create-episode.use-case';
import { GetEpisodeUseCase } from './get-episode/get-episode.use-case';

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

  it('cannot include memories of another namespace', async () => {
    const { create, ids, context } = await setup();
    await expect(
      create.execute({ memory_ids: ids, summary: 'x' }, { ...context, namespace: 'other' }),
    ).rejects.toMatchObject({ code: 'MEMORY_NOT_FOUND' });
  });
});
