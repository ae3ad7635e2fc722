/**
 * The vocabularies of the namespaces this process's sessions complete in, one per app and namespace:
 * built on the first completion that needs one (every memory read once, page by page, without counting
 * an access) and kept up to date from the namespace's memory changes — whichever process made them —
 * by reading each changed memory again, one change after the other. A vocabulary lives while a session
 * of its namespace holds it.
 */
import type { Container } from 'inversify';
import type { CallContext } from '@kioku/call-context';
import type { MemoryChange } from '@kioku/memory-changes';
import type { Memory, ReadMemoriesUseCase } from '@kioku/memory';
import { NamespaceVocabulary, type VocabularyEntry } from './namespace-vocabulary';

const PAGE_SIZE = 500;

interface Held {
  vocabulary: Promise<NamespaceVocabulary>;
  sessions: number;
  stop: () => void;
}

export interface VocabularyHold {
  vocabulary: Promise<NamespaceVocabulary>;
  release(): void;
}

const sources = new WeakMap<Container, Map<string, Held>>();

/** Holds the namespace's vocabulary of this app until `release` (built on first hold). */
export async function holdVocabulary(container: Container, namespace: string): Promise<VocabularyHold> {
  // Loaded before the map is read: from here on nothing waits, so two holds never start one namespace twice.
  const libraries = await loadLibraries();
  let held = sources.get(container);
  if (!held) sources.set(container, (held = new Map<string, Held>()));
  const namespaces = held;
  let entry = namespaces.get(namespace);
  if (!entry) {
    const started = startVocabulary(container, namespace, libraries);
    // A vocabulary that could not be read (the store down) is dropped: a later completion tries again.
    started.vocabulary.catch(() => namespaces.get(namespace) === started && namespaces.delete(namespace));
    namespaces.set(namespace, (entry = started));
  }
  const holding = entry;
  holding.sessions += 1;
  let released = false;
  return {
    vocabulary: holding.vocabulary,
    release: () => {
      if (released) return;
      released = true;
      holding.sessions -= 1;
      if (holding.sessions > 0 || namespaces.get(namespace) !== holding) return;
      holding.stop();
      namespaces.delete(namespace);
    },
  };
}

type Libraries = Awaited<ReturnType<typeof loadLibraries>>;

async function loadLibraries() {
  const [ReadMemoriesUseCase, Feed] = await Promise.all([
    import('@kioku/memory').then((memory) => memory.ReadMemoriesUseCase),
    import('@kioku/memory-changes').then((changes) => changes.MEMORY_CHANGES_TOKENS.Feed),
  ]);
  return { ReadMemoriesUseCase, Feed };
}

function startVocabulary(container: Container, namespace: string, libraries: Libraries): Held {
  const read = container.get(libraries.ReadMemoriesUseCase);
  const context: CallContext = { namespace, callerId: 'completion' };
  const vocabulary = new NamespaceVocabulary();
  // Changes heard while the pages are read are applied after them (each reads the memory anew).
  let applied: Promise<void> = Promise.resolve();
  let built!: () => void;
  const ready = new Promise<void>((resolve) => (built = resolve));
  const apply = (changes: MemoryChange[]) => {
    applied = applied.then(() => ready).then(() => applyChanges(vocabulary, read, context, changes));
  };
  const stop = container.get(libraries.Feed).follow(namespace, apply);
  const loaded = (async () => {
    for await (const page of read.pages(context, PAGE_SIZE)) page.forEach((m) => vocabulary.put(entryOf(m)));
    built();
    await applied;
    return vocabulary;
  })();
  loaded.catch(() => stop());
  return { vocabulary: loaded, sessions: 0, stop };
}

async function applyChanges(
  vocabulary: NamespaceVocabulary,
  read: ReadMemoriesUseCase,
  context: CallContext,
  changes: MemoryChange[],
): Promise<void> {
  for (const change of changes) {
    // A memory that cannot be read now is left out rather than offered as it may no longer be.
    const memory =
      change.kind === 'deleted'
        ? null
        : await read.get(change.memoryId, context, { includePrivate: true }).catch(() => null);
    if (memory) vocabulary.put(entryOf(memory));
    else vocabulary.remove(change.memoryId);
  }
}

function entryOf(memory: Memory): VocabularyEntry {
  return {
    id: memory.id,
    createdAtMs: Date.parse(memory.createdAt),
    isPrivate: memory.isPrivate,
    tags: memory.tags,
  };
}
