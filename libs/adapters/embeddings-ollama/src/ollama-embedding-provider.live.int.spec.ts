/**
 * The shared embedding contract suite against a live Ollama server at `KIOKU_OLLAMA_URL` (model from
 * `KIOKU_OLLAMA_MODEL`, default `nomic-embed-text`). No Ollama server can be installed on the
 * project's machines, so `npm test` runs this suite only when the variable is set (and says so when it
 * is not); run alone without it, the suite fails with that message.
 *
 *   KIOKU_OLLAMA_URL=http://127.0.0.1:11434 npm run test:int -- libs/adapters/embeddings-ollama
 */
import { describeEmbeddingProviderContract } from '@kioku/testing-contracts';
import { parseOllamaUrl } from './lib/ollama-connection';
import { OllamaEmbeddingProvider } from './lib/ollama-embedding-provider.adapter';

const liveUrl = process.env['KIOKU_OLLAMA_URL'];
if (!liveUrl) {
  throw new Error(
    'The live Ollama contract suite needs a server: set KIOKU_OLLAMA_URL (e.g. http://127.0.0.1:11434).',
  );
}
const liveModel = process.env['KIOKU_OLLAMA_MODEL'] || 'nomic-embed-text';

describeEmbeddingProviderContract(
  `ollama (live server ${parseOllamaUrl(liveUrl).displayUrl}, model ${liveModel})`,
  () => new OllamaEmbeddingProvider({ url: liveUrl, model: liveModel }),
  // llama.cpp's kernels are not bit-identical across batch compositions, so a text embedded inside a
  // batch may differ from the same text embedded alone in the last float digits.
  { tolerance: 1e-3 },
);
