/**
 * The retrieval benchmark against an Ollama model, at the wire level: the Ollama protocol stand-in
 * (backed by the deterministic embedder) answers `/api/embed` as a server would, so the run goes
 * through the real Ollama adapter, the real remember and recall, and the model's own fusion weights.
 * With `--embedding-cache`, a second run embeds no memory again and measures the same numbers.
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOllamaProtocolServer, type OllamaProtocolServer } from '@kioku/testing-contracts';
import { DeterministicEmbeddingProvider } from '@kioku/testing-fakes';
import { runRetrievalBench } from './retrieval-run';
import type { RetrievalOptions } from './retrieval-options';

const conversation = (conv: string, speakers: [string, string]) => ({
  conv,
  speakers,
  turns: [
    { id: 'D1:1', speaker: speakers[0], text: 'I signed up for a pottery class yesterday.' },
    { id: 'D1:2', speaker: speakers[1], text: 'That sounds great! I went camping at the beach.' },
    { id: 'D1:3', speaker: speakers[0], text: 'I love running in the morning to de-stress.' },
    { id: 'D2:1', speaker: speakers[1], text: 'My kids loved the dinosaur exhibit at the museum.' },
  ],
  qa: [
    { q: `What does ${speakers[0]} do to de-stress?`, evidence: ['D1:3'], cat: 1 },
    { q: `Where did ${speakers[1]} go camping?`, evidence: ['D1:2'], cat: 4 },
    { q: 'Which exhibit did the kids love?', evidence: ['D2:1'], cat: 2 },
    { q: 'Is there anything to find here?', evidence: [], cat: 5 },
  ],
});

describe('kioku bench retrieval against Ollama', () => {
  let server: OllamaProtocolServer;
  let dir: string;
  const embedder = new DeterministicEmbeddingProvider({ dimension: 32 });

  beforeEach(async () => {
    server = await startOllamaProtocolServer({ embed: (texts) => embedder.embed(texts) });
    dir = mkdtempSync(join(tmpdir(), 'kioku-retrieval-spec-'));
    writeFileSync(
      join(dir, 'conversations.json'),
      JSON.stringify([conversation('a', ['Ann', 'Ben']), conversation('b', ['Cleo', 'Dan'])]),
    );
  });

  afterEach(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const options = (extra: Partial<RetrievalOptions> = {}): RetrievalOptions => ({
    dataset: join(dir, 'conversations.json'),
    store: 'memory',
    nResults: 10,
    quick: false,
    keep: false,
    help: false,
    ...extra,
  });
  const env = () => ({
    KIOKU_EMBEDDINGS: 'ollama',
    KIOKU_OLLAMA_URL: server.url,
    KIOKU_OLLAMA_MODEL: 'nomic-embed-text',
    KIOKU_LOG_LEVEL: 'error',
  });
  const embeddedTexts = () => server.embedRequests().flatMap((body) => [body.input].flat());

  it("embeds every turn and question through the Ollama API and ranks with the model's fusion weights", async () => {
    const report = await runRetrievalBench(options(), env(), () => {});
    expect(report.embeddingModel).toBe('ollama:nomic-embed-text');
    expect(report.turns).toBe(8);
    expect(report.questions).toBe(6);
    const texts = embeddedTexts();
    expect(texts).toEqual(expect.arrayContaining(['Ann: I love running in the morning to de-stress.']));
    expect(texts).toEqual(expect.arrayContaining(['What does Ann do to de-stress?']));
    // The Ollama model's dense weight is 0.5, so the ablation moves it to 0.3 and 0.7.
    expect(report.variants.map((v) => v.name)).toEqual(
      expect.arrayContaining(['kioku (as configured)', 'dense weight 0.3', 'dense weight 0.7']),
    );
    for (const variant of report.variants) {
      expect(variant.all.questions).toBe(6);
      expect(variant.all.recallAt10).toBeGreaterThanOrEqual(variant.all.recallAt5);
    }
  });

  it('reuses the vectors of an earlier run from the embedding cache and measures the same numbers', async () => {
    const cache = join(dir, 'vectors.json');
    const first = await runRetrievalBench(options({ quick: true, embeddingCache: cache }), env(), () => {});
    const embeddedFirst = embeddedTexts().length;
    server.requests.length = 0;
    const second = await runRetrievalBench(options({ quick: true, embeddingCache: cache }), env(), () => {});
    expect(embeddedFirst).toBeGreaterThanOrEqual(14);
    expect(embeddedTexts()).toEqual(['kioku embedding dimension probe']);
    expect(second.cachedEmbeddings).toBe(14);
    expect(second.variants[0].all).toEqual(first.variants[0].all);
  });
});
