/** Types for `wink-porter2-stemmer` (the package ships none): one word in, its Porter2 stem out. */
declare module 'wink-porter2-stemmer' {
  export default function stem(word: string): string;
}
