/**
 * The search text stored as each memory's document (NFKC, lower case, single spaces): what the
 * lexical index analyses, and what the duplicate guard compares.
 */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー]/u;

export function searchText(content: string): string {
  return content.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function containsCjk(text: string): boolean {
  return CJK.test(text);
}
