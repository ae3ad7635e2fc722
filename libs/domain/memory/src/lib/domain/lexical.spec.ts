import { containsCjk, searchText } from './lexical';

describe('lexical recall helpers', () => {
  it('normalises search text: NFKC, lower case, single spaces', () => {
    expect(searchText('  ＩＮＣ－４４７１\n Done ')).toBe('inc-4471 done');
  });

  it('tells CJK text apart', () => {
    expect(containsCjk('味噌ラーメン')).toBe(true);
    expect(containsCjk('miso ramen')).toBe(false);
  });
});
