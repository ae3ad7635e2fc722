/** The character-gram vector: deterministic, unit length, and informative for text without spaces. */
import { characterGrams, charNgramVector, normalizeForCharacterGrams } from './char-ngram-vectorizer';

const cosine = (left: string, right: string) => {
  const a = charNgramVector(left, 256);
  const b = charNgramVector(right, 256);
  return a.reduce((sum, value, index) => sum + value * b[index], 0);
};

describe('charNgramVector', () => {
  it('is deterministic and unit length', () => {
    const first = charNgramVector('ユーザーは味噌ラーメンが大好き', 256);
    expect(Array.from(charNgramVector('ユーザーは味噌ラーメンが大好き', 256))).toEqual(Array.from(first));
    expect(Math.hypot(...first)).toBeCloseTo(1, 10);
  });

  it('gives every non-empty text a vector, even punctuation or a single emoji', () => {
    for (const text of ['...', '🚀', 'a', '。'])
      expect(Math.hypot(...charNgramVector(text, 256))).toBeCloseTo(1, 10);
  });

  it('normalises width, case and whitespace before counting', () => {
    expect(normalizeForCharacterGrams('  Ｈｅｌｌｏ\n\tWORLD ')).toBe('hello world');
    expect(cosine('Ｈｅｌｌｏ WORLD', 'hello world')).toBeCloseTo(1, 10);
  });

  it('uses kanji and katakana unigrams and bigrams for Japanese, no trigrams', () => {
    const grams = characterGrams('猫のミケ');
    expect(grams.has('猫')).toBe(true);
    expect(grams.has('ミ')).toBe(true);
    expect(grams.has('の')).toBe(false);
    expect(grams.has('猫の')).toBe(true);
    expect(grams.has('猫のミ')).toBe(false);
    expect(grams.get('のミ')).toBe(1);
  });

  it('weighs hiragana-only grams at half and repeated grams sublinearly', () => {
    const grams = characterGrams('これは猫');
    expect(grams.get('これ')).toBe(0.5);
    expect(characterGrams('abab ab').get('ab')).toBeCloseTo(1 + Math.log(3), 10);
  });

  it('puts a Japanese paraphrase closer than an unrelated Japanese sentence', () => {
    const paraphrase = cosine(
      'ユーザーはピーナッツアレルギーがある。',
      'ユーザーはピーナッツのアレルギーを持っている。',
    );
    const unrelated = cosine('ユーザーはピーナッツアレルギーがある。', '会議は木曜日の午後に変更された。');
    expect(paraphrase).toBeGreaterThan(0.6);
    expect(Math.abs(unrelated)).toBeLessThan(0.2);
  });
});
