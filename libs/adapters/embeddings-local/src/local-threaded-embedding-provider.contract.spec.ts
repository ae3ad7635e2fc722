/** Runs the shared embedding contract suite against the local model in worker threads. */
import { describeEmbeddingProviderContract } from '@kioku/testing-contracts';
import { LocalThreadedEmbeddingProvider } from './lib/local-embedding-threads';

const providers: LocalThreadedEmbeddingProvider[] = [];
afterAll(() => Promise.all(providers.map((provider) => provider.dispose())));

describeEmbeddingProviderContract('local in worker threads', () => {
  const provider = new LocalThreadedEmbeddingProvider();
  providers.push(provider);
  return provider;
});
