/**
 * The setups that the memory specs and the specs of its presenters (at the edge) share: recall and
 * update_memory on the memory test kit, with `save` for a memory that must be saved.
 */
import type { EmbeddingProvider } from '@kioku/embeddings';
import { LinkRepository } from '@kioku/links';
import { DeterministicEmbeddingProvider } from '@kioku/testing-fakes';
import { MemoryRepository } from '../application/memory.repository';
import type { MemorySettings } from '../memory-settings';
import { RecallUseCase } from '../application/recall/recall.use-case';
import type { RememberInput } from '../application/remember/remember.input';
import { RememberUseCase } from '../application/remember/remember.use-case';
import { UpdateMemoryUseCase } from '../application/update-memory/update-memory.use-case';
import { createMemoryTestKit, type MemoryTestKit } from './memory-test-kit';

function saver(kit: MemoryTestKit) {
  const remember = kit.container.get(RememberUseCase);
  return async (input: RememberInput) => {
    const result = await remember.execute(input, kit.context);
    if (result.status !== 'saved') throw new Error('not saved');
    return result.memory;
  };
}

/** Recall with every text saved (no dedup). */
export function recallSetup(embeddings?: EmbeddingProvider, settings: Partial<MemorySettings> = {}) {
  const kit = createMemoryTestKit({ embeddings, settings: { dedupDistance: 0, ...settings } });
  return {
    ...kit,
    save: saver(kit),
    recall: kit.container.get(RecallUseCase),
    links: kit.container.get(LinkRepository),
  };
}

/** update_memory with every text saved and loose linking; `save(content, extra)`; counted embedding calls. */
export function updateSetup() {
  const embeddings = new DeterministicEmbeddingProvider();
  const kit = createMemoryTestKit({ embeddings, settings: { linkDistance: 0.8, dedupDistance: 0 } });
  const save = saver(kit);
  return {
    ...kit,
    embeddings,
    save: (content: string, extra: Partial<RememberInput> = {}) => save({ content, ...extra }),
    update: kit.container.get(UpdateMemoryUseCase),
    links: kit.container.get(LinkRepository),
    repo: kit.container.get(MemoryRepository),
  };
}
