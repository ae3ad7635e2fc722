import { isCategory, isEmotionName } from '@kioku/memory';
import { SeededRandom } from './seeded-random';
import { SentenceGenerator } from './sentence-generator';

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

describe('SentenceGenerator', () => {
  it('never repeats a text, across memories, variants and queries', () => {
    const generator = new SentenceGenerator(new SeededRandom(1));
    const texts: string[] = [];
    for (let i = 0; i < 5000; i++) {
      const memory = generator.memory();
      texts.push(memory.text, generator.variant(memory).text, generator.query());
    }
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('is reproducible for the same seed', () => {
    const a = new SentenceGenerator(new SeededRandom(9));
    const b = new SentenceGenerator(new SeededRandom(9));
    expect(Array.from({ length: 20 }, () => a.memory().text)).toEqual(
      Array.from({ length: 20 }, () => b.memory().text),
    );
  });

  it('writes about the requested share of Japanese', () => {
    const generator = new SentenceGenerator(new SeededRandom(2), 0.2);
    const sentences = Array.from({ length: 2000 }, () => generator.memory());
    const japanese = sentences.filter((s) => s.language === 'ja');
    expect(japanese.length / sentences.length).toBeGreaterThan(0.15);
    expect(japanese.length / sentences.length).toBeLessThan(0.25);
    expect(japanese.every((s) => CJK.test(s.text))).toBe(true);
    expect(
      sentences
        .filter((s) => s.language === 'en')
        .every((s) => !CJK.test(s.text) || s.text.includes('Kubernetes')),
    ).toBe(true);
  });

  it('writes only English with a zero share and only Japanese with a full share', () => {
    const english = new SentenceGenerator(new SeededRandom(3), 0);
    const japanese = new SentenceGenerator(new SeededRandom(3), 1);
    expect(Array.from({ length: 200 }, () => english.memory().language)).not.toContain('ja');
    expect(Array.from({ length: 200 }, () => japanese.memory().language)).not.toContain('en');
    expect(Array.from({ length: 50 }, () => japanese.query()).every((q) => CJK.test(q))).toBe(true);
  });

  it('gives memories a valid category, tags and, when stated, a known emotion', () => {
    const generator = new SentenceGenerator(new SeededRandom(4));
    const sentences = Array.from({ length: 500 }, () => generator.memory());
    for (const s of sentences) {
      expect(isCategory(s.category)).toBe(true);
      expect(s.tags.length).toBeGreaterThan(0);
      if (s.emotion !== undefined) expect(isEmotionName(s.emotion)).toBe(true);
    }
    expect(sentences.some((s) => s.emotion !== undefined)).toBe(true);
  });

  it('keeps speaker, action, topic and language in a variant and changes the text', () => {
    const generator = new SentenceGenerator(new SeededRandom(5));
    const base = generator.memory();
    const variant = generator.variant(base);
    expect(variant.parts).toEqual(base.parts);
    expect(variant.category).toBe(base.category);
    expect(variant.text).not.toBe(base.text);
  });

  it('starts English sentences with a capital letter', () => {
    const generator = new SentenceGenerator(new SeededRandom(6), 0);
    for (let i = 0; i < 200; i++) expect(generator.memory().text).toMatch(/^[A-Z]/);
  });
});
