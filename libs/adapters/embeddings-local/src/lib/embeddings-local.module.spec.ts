/** The DI module binds one shared provider to the port's token. */
import 'reflect-metadata';
import { Container } from 'inversify';
import { EMBEDDINGS_TOKENS } from '@kioku/embeddings';
import { embeddingsLocalModule } from './embeddings-local.module';
import { LocalEmbeddingProvider } from './local-embedding-provider.adapter';

describe('embeddingsLocalModule', () => {
  it('binds EmbeddingProvider to a singleton LocalEmbeddingProvider without loading the model', async () => {
    const container = new Container();
    await container.load(embeddingsLocalModule());
    const first = container.get(EMBEDDINGS_TOKENS.EmbeddingProvider);
    expect(first).toBeInstanceOf(LocalEmbeddingProvider);
    expect(container.get(EMBEDDINGS_TOKENS.EmbeddingProvider)).toBe(first);
  });
});
