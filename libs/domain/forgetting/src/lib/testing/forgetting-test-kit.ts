/**
 * Assembles memory, links, episodes and forgetting for tests: the in-process vector store, the
 * deterministic embedder, a fixed clock, a capturing log sink behind the real redacting logger, and
 * the in-process shared state (or the one given).
 */
import { Container } from 'inversify';
import type { VectorStore } from '@kioku/vector-store';
import { MemoryVectorStore } from '@kioku/vector-store-memory';
import { LinkRepository, linksModule, type Link } from '@kioku/links';
import { namespaceStorageModule } from '@kioku/namespace-storage';
import { episodesModule } from '@kioku/episodes';
import {
  DEFAULT_MEMORY_SETTINGS,
  MEMORY_TOKENS,
  MemoryRepository,
  RememberUseCase,
  memoryModule,
  type MemorySettings,
  type RememberInput,
} from '@kioku/memory';
import { bindTestPlatform, DeterministicEmbeddingProvider, type FixedClock } from '@kioku/testing-fakes';
import { SHARED_STATE_TOKENS, type SharedState } from '@kioku/shared-state';
import { InProcessSharedState } from '@kioku/shared-state-store';
import { DEFAULT_FORGETTING_SETTINGS, type ForgettingSettings } from '../forgetting-settings';
import { FORGETTING_TOKENS } from '../forgetting.tokens';
import { forgettingModule } from '../forgetting.module';
import type { ContainerModule } from 'inversify';

export function createForgettingTestKit(
  options: {
    memory?: Partial<MemorySettings>;
    forgetting?: Partial<ForgettingSettings>;
    store?: VectorStore;
    embeddings?: DeterministicEmbeddingProvider;
    /** Where confirmations wait (default: in process); give one store-backed state to two kits for two "processes". */
    sharedState?: (clock: FixedClock) => SharedState;
    /** Further modules to load (higher libraries under test). */
    modules?: ContainerModule[];
  } = {},
) {
  const container = new Container();
  const store: VectorStore = options.store ?? new MemoryVectorStore();
  const embeddings = options.embeddings ?? new DeterministicEmbeddingProvider();
  const { clock, logs } = bindTestPlatform(container, { store, embeddings });
  container
    .bind(SHARED_STATE_TOKENS.SharedState)
    .toConstantValue(options.sharedState?.(clock) ?? new InProcessSharedState(clock));
  container.bind(MEMORY_TOKENS.Settings).toConstantValue({ ...DEFAULT_MEMORY_SETTINGS, ...options.memory });
  container
    .bind(FORGETTING_TOKENS.Settings)
    .toConstantValue({ ...DEFAULT_FORGETTING_SETTINGS, ...options.forgetting });
  container.loadSync(
    namespaceStorageModule(),
    linksModule(),
    memoryModule(),
    episodesModule(),
    forgettingModule(),
    ...(options.modules ?? []),
  );
  const context = { namespace: 'test', callerId: 'caller-a' };
  const links = container.get(LinkRepository);

  const remember = async (input: RememberInput, namespace = context.namespace) => {
    const result = await container
      .get(RememberUseCase)
      .execute({ force: true, ...input }, { ...context, namespace });
    if (result.status !== 'saved') throw new Error('not saved');
    return result.memory;
  };

  /** Every link, and whether the store shows the two invariants: two-sided and no missing end. */
  const linkHealth = async (namespace = context.namespace) => {
    const all = await links.findAll(namespace);
    const ids = new Set(all.flatMap((l: Link) => [l.sourceId, l.targetId]));
    const alive = new Set(
      (await container.get(MemoryRepository).get(namespace, [...ids])).map((s) => s.memory.id),
    );
    const key = (l: Link) => `${l.sourceId}>${l.targetId}>${l.type}`;
    const keys = new Set(all.map(key));
    return {
      links: all,
      oneSided: all.filter((l: Link) => !keys.has(`${l.targetId}>${l.sourceId}>${l.type}`)),
      dangling: all.filter((l: Link) => !alive.has(l.sourceId) || !alive.has(l.targetId)),
    };
  };

  return { container, store, embeddings, clock, logs, context, links, remember, linkHealth };
}
