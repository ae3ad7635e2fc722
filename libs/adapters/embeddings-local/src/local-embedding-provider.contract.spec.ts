/** Runs the shared embedding contract suite against the real local model (USE-lite + character grams). */
import { describeEmbeddingProviderContract } from '@kioku/testing-contracts';
import { LocalEmbeddingProvider } from './lib/local-embedding-provider.adapter';

describeEmbeddingProviderContract('local (USE-lite + character grams)', () => new LocalEmbeddingProvider());
