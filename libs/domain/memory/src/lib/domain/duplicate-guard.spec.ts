import { duplicateSignals, factDifference, trigramDice } from './duplicate-guard';

describe('duplicate guard signals', () => {
  it.each([
    ['I paid 40 dollars for the ticket.', 'I paid 400 dollars for the ticket.', 'number'],
    ['We met on 2026-03-01.', 'We met on 2026-03-02.', 'number'],
    ['Meeting on Monday.', 'Meeting on Friday.', 'date'],
    ['Dinner today was great.', 'Dinner yesterday was great.', 'date'],
    ['The user likes spicy food.', "The user doesn't like spicy food.", 'negation'],
    ['He is coming to the party.', 'He is not coming to the party.', 'negation'],
    ['ユーザーは辛い食べ物が好き', 'ユーザーは辛い食べ物が好きではない', 'negation'],
    ['Had lunch with Alice at noon.', 'Had lunch with Carol at noon.', 'name'],
    ['The flight leaves at 7:30 am.', 'The flight leaves at 7:30 pm.', 'date'],
    ['田中さんがプロジェクトリーダーです。', '佐藤さんがプロジェクトリーダーです。', 'name'],
  ])('"%s" vs "%s" differ in a %s', (a, b, kind) => {
    expect(factDifference(a, b)).toBe(kind);
  });

  it.each([
    [
      "Today's conversation was fun. I learned a lot from Master.",
      "Today's conversation was enjoyable. Master taught me many things.",
    ],
    [
      '今日の会話は楽しかった。Masterとの対話は学びが多い。',
      '今日の会話は楽しかった。Masterから多くのことを学んだ。',
    ],
    ['I paid 40 dollars.', 'I paid $40.'],
  ])('paraphrases "%s" / "%s" carry no fact difference', (a, b) => {
    expect(factDifference(a, b)).toBeNull();
  });

  it('measures surface overlap by character trigrams', () => {
    expect(trigramDice('same text', 'same text')).toBe(1);
    expect(trigramDice('ユーザーは味噌ラーメンが大好き', '歯医者の予約は金曜日')).toBeLessThan(0.1);
    expect(duplicateSignals('The cat sat on the mat', 'The cat sat on a mat').surfaceOverlap).toBeGreaterThan(
      0.6,
    );
  });
});
