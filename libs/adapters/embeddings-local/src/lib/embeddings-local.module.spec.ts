/** The DI module binds one shared provider to the port's token, and unbinding ends its threads. */
import 'reflect-metadata';
import { Container } from 'inversify';
import { EMBEDDINGS_TOKENS } from '@kioku/embeddings';
import { embeddingsLocalModule } from './embeddings-local.module';
import { LocalEmbeddingProvider } from './local-embedding-provider.adapter';
import { LocalThreadedEmbeddingProvider } from './local-embedding-threads';

describe('embeddingsLocalModule', () => {
  it('binds EmbeddingProvider to a singleton threaded provider without starting a thread', async () => {
    const container = new Container();
    await container.load(embeddingsLocalModule());
    const first = container.get(EMBEDDINGS_TOKENS.EmbeddingProvider);
    expect(first).toBeInstanceOf(LocalThreadedEmbeddingProvider);
    expect(container.get(EMBEDDINGS_TOKENS.EmbeddingProvider)).toBe(first);
    await container.unbindAll();
  });

  it('runs the model on the event loop with threads: 0', async () => {
    const container = new Container();
    await container.load(embeddingsLocalModule({ threads: 0 }));
    expect(container.get(EMBEDDINGS_TOKENS.EmbeddingProvider)).toBeInstanceOf(LocalEmbeddingProvider);
  });

  it('terminates the threads when the container is unbound', async () => {
    const container = new Container();
    await container.load(embeddingsLocalModule());
    const provider = container.get(EMBEDDINGS_TOKENS.EmbeddingProvider);
    await expect(provider.embed(['warm'])).resolves.toHaveLength(1);
    await container.unbindAll();
    await expect(provider.embed(['after'])).rejects.toMatchObject({ code: 'EMBEDDING_UNAVAILABLE' });
  });
});
