/** KnownVectors: given vectors stand in for the model's, every other text goes to the model in order. */
import type { EmbeddingProvider, EmbedOptions } from '@kioku/embeddings';
import { KnownVectors } from './known-vectors';

function model(): EmbeddingProvider & { embedded: string[][]; options: (EmbedOptions | undefined)[] } {
  const embedded: string[][] = [];
  const options: (EmbedOptions | undefined)[] = [];
  return {
    modelId: 'test-model',
    dimension: 2,
    recallWeights: { denseWeight: 0.3 },
    init: async () => undefined,
    embedded,
    options,
    embed: async (texts, given) => {
      embedded.push(texts);
      options.push(given);
      return texts.map((text) => [text.length, 1]);
    },
  };
}

describe('KnownVectors', () => {
  it('answers known texts from its vectors and sends only the others to the model, in order', async () => {
    const inner = model();
    const known = new KnownVectors();
    known.set('seed one', [0, 1]);
    const provider = known.wrap(inner);
    await expect(provider.embed(['abc', 'seed one', 'de', 'abc'])).resolves.toEqual([
      [3, 1],
      [0, 1],
      [2, 1],
      [3, 1],
    ]);
    expect(inner.embedded).toEqual([['abc', 'de']]);
  });

  it('calls the model not at all when every text is known, and again once a text is forgotten', async () => {
    const inner = model();
    const known = new KnownVectors();
    known.set('seed', [1, 0]);
    const provider = known.wrap(inner);
    await expect(provider.embed(['seed'])).resolves.toEqual([[1, 0]]);
    expect(inner.embedded).toEqual([]);
    known.forget(['seed']);
    await expect(provider.embed(['seed'])).resolves.toEqual([[4, 1]]);
  });

  it("passes the caller's options on: a recall's query keeps its priority at the model", async () => {
    const inner = model();
    const provider = new KnownVectors().wrap(inner);
    await provider.embed(['what did I say'], { priority: 'interactive' });
    await provider.embed(['a note to save']);
    expect(inner.options).toEqual([{ priority: 'interactive' }, undefined]);
  });

  it("keeps the model's identity and settings", () => {
    const provider = new KnownVectors().wrap(model());
    expect(provider).toMatchObject({
      modelId: 'test-model',
      dimension: 2,
      recallWeights: { denseWeight: 0.3 },
    });
  });
});
