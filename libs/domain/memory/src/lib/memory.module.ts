/** Binds the memory library's repository and use cases. Settings are bound by the composition lib. */
import { ContainerModule } from 'inversify';
import { MemoryRepository } from './application/memory.repository';
import { QueryVectorCache } from './application/recall/query-vector-cache';
import { MemoryRanker } from './application/recall/memory-ranker';
import { AccessTracker } from './application/recall/access-tracker';
import { MemoryCollections } from './application/memory-collections';
import { ReembedUseCase } from './application/reembed/reembed.use-case';
import { VerifiedLinkWriter } from './application/shared/verified-link-writer';
import { MemoryChangeNotifier } from './application/memory-change.listener';
import { RememberUseCase } from './application/remember/remember.use-case';
import { ConversationThread } from './application/remember/conversation-thread';
import { RecallUseCase } from './application/recall/recall.use-case';
import { UpdateMemoryUseCase } from './application/update-memory/update-memory.use-case';
import { LinkMemoriesUseCase } from './application/link-memories/link-memories.use-case';
import { ReadMemoriesUseCase } from './application/read-memories/read-memories.use-case';

export function memoryModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(AccessTracker)
      .toSelf()
      .inSingletonScope()
      .onDeactivation((tracker) => tracker.flush());
    bind(ConversationThread)
      .toSelf()
      .inSingletonScope()
      .onDeactivation((thread) => thread.flush());
    for (const service of [
      MemoryRepository,
      MemoryCollections,
      ReembedUseCase,
      QueryVectorCache,
      MemoryRanker,
      MemoryChangeNotifier,
      VerifiedLinkWriter,
      RememberUseCase,
      RecallUseCase,
      UpdateMemoryUseCase,
      LinkMemoriesUseCase,
      ReadMemoriesUseCase,
    ]) {
      bind(service).toSelf().inSingletonScope();
    }
  });
}
