/**
 * Runs the shared embedding contract suite against OllamaEmbeddingProvider twice:
 * 1. through the Ollama protocol stand-in from `@kioku/testing-contracts`, backed by the REAL local
 *    model (LocalEmbeddingProvider), so the client, batching, normalisation and error paths run over
 *    real HTTP with real vectors (no Ollama server can be installed here, behaviour §9);
 * 2. against a live Ollama server when `KIOKU_OLLAMA_URL` is set (model from `KIOKU_OLLAMA_MODEL`,
 *    default `nomic-embed-text`); otherwise that suite shows up as skipped, with how to run it.
 */
import { LocalEmbeddingProvider } from '@kioku/embeddings-local';
import {
  describeEmbeddingProviderContract,
  startOllamaProtocolServer,
  type OllamaProtocolServer,
} from '@kioku/testing-contracts';
import { parseOllamaUrl } from './lib/ollama-connection';
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

const liveUrl = process.env['KIOKU_OLLAMA_URL'];
const liveModel = process.env['KIOKU_OLLAMA_MODEL'] || 'nomic-embed-text';

if (liveUrl) {
  describeEmbeddingProviderContract(
    `ollama (live server ${parseOllamaUrl(liveUrl).displayUrl}, model ${liveModel})`,
    () => new OllamaEmbeddingProvider({ url: liveUrl, model: liveModel }),
    // llama.cpp's kernels are not bit-identical across batch compositions, so a text embedded inside a
    // batch may differ from the same text embedded alone in the last float digits.
    { tolerance: 1e-3 },
  );
} else {
  describe('EmbeddingProvider contract: ollama (live server) — SKIPPED — set KIOKU_OLLAMA_URL (and optionally KIOKU_OLLAMA_MODEL, default nomic-embed-text) to run it', () => {
    it.skip('runs the shared contract suite against a live Ollama server', () => undefined);
  });
}
