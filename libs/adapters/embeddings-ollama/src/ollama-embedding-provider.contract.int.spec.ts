/**
 * Runs the shared embedding contract suite against OllamaEmbeddingProvider through the Ollama protocol
 * stand-in from `@kioku/testing-contracts`, backed by the REAL local model (LocalEmbeddingProvider), so
 * the client, batching, normalisation and error paths run over real HTTP with real vectors (no Ollama
 * server can be installed here, behaviour §9). The same suite against a live Ollama server is
 * ollama-embedding-provider.live.int.spec.ts (with `KIOKU_OLLAMA_URL`).
 */
import { LocalEmbeddingProvider } from '@kioku/embeddings-local';
import {
  describeEmbeddingProviderContract,
  startOllamaProtocolServer,
  type OllamaProtocolServer,
} from '@kioku/testing-contracts';
import { OllamaEmbeddingProvider } from './lib/ollama-embedding-provider.adapter';

let protocolServer: OllamaProtocolServer | undefined;

afterAll(async () => {
  await protocolServer?.stop();
});

describeEmbeddingProviderContract('ollama (protocol stand-in backed by the local model)', async () => {
  const localModel = new LocalEmbeddingProvider();
  protocolServer = await startOllamaProtocolServer({
    embed: (texts) => localModel.embed(texts),
    models: ['nomic-embed-text'],
  });
  return new OllamaEmbeddingProvider({ url: protocolServer.url, model: 'nomic-embed-text' });
});
