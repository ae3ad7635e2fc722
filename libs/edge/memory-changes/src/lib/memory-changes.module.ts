/**
 * DI wiring: the journaling listener joins the memory library's change listeners, and the feed of
 * the same journal is bound for the transports that tell their clients (MCP resource notifications).
 * The journal comes from the composition: files under the data dir, or in process for the in-process store.
 */
import { ContainerModule } from 'inversify';
import type { ChangeJournal } from '@kioku/change-journal';
import { MEMORY_TOKENS } from '@kioku/memory';
import { JournalingChangeListener } from './journaling-change-listener';
import { MemoryChangeFeed } from './memory-change-feed';
import { MEMORY_CHANGES_TOKENS } from './memory-changes.tokens';

export function memoryChangesModule(journal: ChangeJournal): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(MEMORY_TOKENS.ChangeListener).toConstantValue(new JournalingChangeListener(journal));
    bind(MEMORY_CHANGES_TOKENS.Feed).toConstantValue(new MemoryChangeFeed(journal));
  });
}
