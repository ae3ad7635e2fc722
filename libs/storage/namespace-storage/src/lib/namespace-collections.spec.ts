/** The open-collection helper and the generations, on the in-process vector store. */
import { Container } from 'inversify';
import { VECTOR_STORE_TOKENS } from '@kioku/vector-store';
import { MemoryVectorStore } from '@kioku/vector-store-memory';
import { CollectionGenerations } from './collection-generations';
import { NamespaceCollections } from './namespace-collections';
import { NamespaceStateRepository } from './namespace-state.repository';
import { namespaceStorageModule } from './namespace-storage.module';

function storage(store = new MemoryVectorStore()) {
  const container = new Container();
  container.bind(VECTOR_STORE_TOKENS.VectorStore).toConstantValue(store);
  container.loadSync(namespaceStorageModule());
  return { store, container, collections: container.get(NamespaceCollections) };
}

describe('NamespaceCollections', () => {
  it('creates a records collection with a 1-d vector and its kind, once per process', async () => {
    const { store, collections } = storage();
    const ensure = jest.spyOn(store, 'ensureCollection');
    const names = await Promise.all([
      collections.openRecords('agent', 'links'),
      collections.openRecords('agent', 'links'),
    ]);
    expect(names).toEqual(['kioku_agent_links', 'kioku_agent_links']);
    await collections.openRecords('agent', 'links');
    expect(ensure).toHaveBeenCalledTimes(1);
    expect(await store.describeCollection('kioku_agent_links')).toMatchObject({
      dimension: 1,
      metadata: { kind: 'kioku-links' },
    });
  });

  it('checks an existing collection with `verify` and checks again after a refusal', async () => {
    const { store, collections } = storage();
    await store.ensureCollection('kioku_agent_memories', { dimension: 3, metadata: { model: 'old' } });
    const spec = { dimension: 4, metadata: { model: 'new' } };
    const verify = jest.fn((info: { metadata: Record<string, unknown> }) => {
      if (info.metadata.model !== 'new') throw new Error('another model');
    });
    await expect(collections.open('kioku_agent_memories', spec, verify)).rejects.toThrow('another model');
    await expect(collections.open('kioku_agent_memories', spec, verify)).rejects.toThrow('another model');
    expect(verify).toHaveBeenCalledTimes(2);

    await store.deleteCollection('kioku_agent_memories');
    expect(await collections.open('kioku_agent_memories', spec, verify)).toBe('kioku_agent_memories');
    expect(await collections.open('kioku_agent_memories', spec, verify)).toBe('kioku_agent_memories');
    expect(verify).toHaveBeenCalledTimes(3);
    expect(await store.describeCollection('kioku_agent_memories')).toMatchObject({ dimension: 4 });
  });
});

describe('CollectionGenerations', () => {
  it('starts at generation 1 and switches every process that reads the state afterwards', async () => {
    const { store, container } = storage();
    const generations = container.get(CollectionGenerations);
    expect(await generations.currentName('agent', 'memories')).toBe('kioku_agent_memories');

    await generations.switchTo('agent', 2);
    expect(await generations.currentName('agent', 'trash')).toBe('kioku_agent_trash_g2');
    expect(await container.get(NamespaceStateRepository).read('agent', 'collections')).toEqual({
      generation: 2,
    });
    const otherProcess = storage(store).container.get(CollectionGenerations);
    expect(await otherProcess.current('agent')).toBe(2);
    expect(await otherProcess.current('other')).toBe(1);
  });
});
