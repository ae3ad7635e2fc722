import { Container } from 'inversify';
import { KERNEL_TOKENS, type Logger } from '@kioku/kernel';
import { VECTOR_STORE_TOKENS } from '@kioku/vector-store';
import { QdrantVectorStore } from './qdrant-vector-store.adapter';
import { vectorStoreQdrantModule } from './vector-store-qdrant.module';

describe('vectorStoreQdrantModule', () => {
  it('binds one shared QdrantVectorStore per container, without contacting the server', () => {
    const container = new Container();
    container.loadSync(vectorStoreQdrantModule({ url: 'http://127.0.0.1:6333', apiKey: 'k' }));
    const store = container.get(VECTOR_STORE_TOKENS.VectorStore);
    expect(store).toBeInstanceOf(QdrantVectorStore);
    expect(store.backend).toBe('qdrant');
    expect(container.get(VECTOR_STORE_TOKENS.VectorStore)).toBe(store);
    expect((store as QdrantVectorStore).url).toBe('http://127.0.0.1:6333');
  });

  it('uses the kernel logger when one is bound', () => {
    const logger: Logger = { debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() };
    const container = new Container();
    container.bind(KERNEL_TOKENS.Logger).toConstantValue(logger);
    container.loadSync(
      vectorStoreQdrantModule({ url: 'http://127.0.0.1:6333', shardNumber: 2, replicationFactor: 2 }),
    );
    expect(container.get(VECTOR_STORE_TOKENS.VectorStore)).toBeInstanceOf(QdrantVectorStore);
  });

  it('surfaces invalid options as CONFIG_INVALID when the store is resolved', () => {
    const container = new Container();
    container.loadSync(vectorStoreQdrantModule({ url: 'localhost:6333' }));
    expect(() => container.get(VECTOR_STORE_TOKENS.VectorStore)).toThrow(
      expect.objectContaining({ code: 'CONFIG_INVALID' }),
    );
  });
});
