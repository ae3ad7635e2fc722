/**
 * Binds the memory library's repository and use cases, and registers the memories for re-embedding.
 * Settings are bound by the composition lib; the namespace-storage module must be loaded too.
 */
import { ContainerModule, type Container } from 'inversify';
import { NAMESPACE_STORAGE_TOKENS } from '@kioku/namespace-storage';
import { MEMORIES_COLLECTION, MemoryRepository } from './application/memory.repository';
import { QueryVectorCache } from './application/shared/query-vector-cache';
import { MemoryRanker } from './application/shared/memory-ranker';
import { AccessTracker } from './application/recall/access-tracker';
import { ReembedUseCase } from './application/reembed/reembed.use-case';
import { MemoryUpdater } from './application/shared/memory-updater';
import { VerifiedLinkWriter } from './application/shared/verified-link-writer';
import { BackgroundPatches } from './application/shared/background-patches';
import { MemoryChangeNotifier } from './application/memory-change.listener';
import { RememberUseCase } from './application/remember/remember.use-case';
import { RememberBatchUseCase } from './application/remember-batch/remember-batch.use-case';
import { RememberPipeline } from './application/shared/remember-pipeline';
import { ConversationThread } from './application/shared/conversation-thread';
import { RecallUseCase } from './application/recall/recall.use-case';
import { UpdateMemoryUseCase } from './application/update-memory/update-memory.use-case';
import { LinkMemoriesUseCase } from './application/link-memories/link-memories.use-case';
import { ReadMemoriesUseCase } from './application/read-memories/read-memories.use-case';
import { NamespaceStatsReader } from './application/shared/namespace-stats-reader';

export function memoryModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(NAMESPACE_STORAGE_TOKENS.ReembeddableCollection).toConstantValue(MEMORIES_COLLECTION);
    bind(AccessTracker)
      .toSelf()
      .inSingletonScope()
      .onDeactivation((tracker) => tracker.flush());
    bind(ConversationThread)
      .toSelf()
      .inSingletonScope()
      .onDeactivation((thread) => thread.flush());
    bind(BackgroundPatches)
      .toSelf()
      .inSingletonScope()
      .onDeactivation((patches) => patches.flush());
    for (const service of [
      MemoryRepository,
      ReembedUseCase,
      QueryVectorCache,
      MemoryRanker,
      MemoryChangeNotifier,
      VerifiedLinkWriter,
      MemoryUpdater,
      RememberPipeline,
      RememberBatchUseCase,
      RememberUseCase,
      RecallUseCase,
      UpdateMemoryUseCase,
      LinkMemoriesUseCase,
      ReadMemoriesUseCase,
      NamespaceStatsReader,
    ]) {
      bind(service).toSelf().inSingletonScope();
    }
  });
}

/**
 * Unbinds the services that write in the background (the thread link to the next memory, the access
 * counts of what was recalled), which waits for their writes: on shutdown this comes before the rest
 * is unbound, so those writes land while the store (an embedded Chroma server) is still running.
 */
export async function unbindBackgroundWriters(container: Container): Promise<void> {
  await container.unbind(AccessTracker);
  await container.unbind(ConversationThread);
  await container.unbind(BackgroundPatches);
}
