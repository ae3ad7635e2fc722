/** NamespaceDirectory (what `kioku export --all` exports), on the in-process vector store. */
import { Container } from 'inversify';
import { VECTOR_STORE_TOKENS } from '@kioku/vector-store';
import { MemoryVectorStore } from '@kioku/vector-store-memory';
import { NamespaceDirectory } from './namespace-directory';
import { namespaceStorageModule } from './namespace-storage.module';

async function directoryOver(collections: string[]): Promise<NamespaceDirectory> {
  const store = new MemoryVectorStore();
  for (const name of collections) await store.ensureCollection(name, { dimension: 2 });
  const container = new Container();
  container.bind(VECTOR_STORE_TOKENS.VectorStore).toConstantValue(store);
  container.loadSync(namespaceStorageModule());
  return container.get(NamespaceDirectory);
}

describe('NamespaceDirectory', () => {
  it('is empty for an empty store', async () => {
    expect(await (await directoryOver([])).list()).toEqual([]);
  });

  it('lists each namespace with a memories collection once, sorted, whatever its generation', async () => {
    const directory = await directoryOver([
      'kioku_work_memories',
      'kioku_work_links',
      'kioku_work_memories_g2',
      'kioku_agent_memories_g3',
      'kioku_agent_trash_g3',
      'kioku_my_memories_memories',
    ]);
    expect(await directory.list()).toEqual(['agent', 'my_memories', 'work']);
  });

  it('leaves out namespaces without memories and collections that are not kioku namespaces', async () => {
    const directory = await directoryOver([
      'kioku_linksonly_links',
      'kioku_stateonly_state',
      'other_app_memories',
      'kioku_Upper_memories',
      'kioku__memories',
      'kioku_kept_memories',
    ]);
    expect(await directory.list()).toEqual(['kept']);
  });
});
