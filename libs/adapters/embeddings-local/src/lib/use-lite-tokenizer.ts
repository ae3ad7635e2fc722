/**
 * USE-lite's SentencePiece tokenizer: the ids of `@energetic-ai/embeddings`' Tokenizer, exactly (a spec
 * compares the two over thousands of texts), from a map of the pieces and a set of their prefixes
 * that take ~3 ms to build. The package's trie copies every prefix into each node (an array of
 * characters per node); building it took ~0.09 s of every model thread's start, on the path to a
 * first recall, and a trie of objects still ~0.04 s.
 *
 * The ids follow the package's rules to the letter, quirks included: the best segmentation by summed
 * piece scores, where a later start wins a tie and a score of exactly 0 counts as none yet; a character
 * no piece starts with becomes the unknown id 0 (runs of them collapse into one); and the way back
 * steps by each piece's length in UTF-16 units.
 */
const WORD_BOUNDARY = '\u2581';
/** The vocabulary's first entries are control symbols (unknown, <s>, </s>, three extra ids). */
const RESERVED_SYMBOLS = 6;
const UNKNOWN_ID = 0;

interface Piece {
  score: number;
  id: number;
}

export class UseLiteTokenizer {
  /** Every piece by its text; the trie's walk becomes lookups of a growing key. */
  private readonly pieces = new Map<string, Piece>();
  /** Every proper prefix of a piece (in characters): where the walk may go on. */
  private readonly prefixes = new Set<string>();
  private readonly pieceLengths: number[];

  constructor(private readonly vocabulary: readonly [string, number][]) {
    this.pieceLengths = vocabulary.map(([piece]) => piece.length);
    for (let id = RESERVED_SYMBOLS; id < vocabulary.length; id++) {
      const [piece, score] = vocabulary[id];
      this.pieces.set(piece, { score, id });
      let prefix = '';
      const symbols = Array.from(piece);
      for (let i = 0; i < symbols.length - 1; i++) this.prefixes.add((prefix += symbols[i]));
    }
  }

  encode(text: string): number[] {
    const normalized = text.normalize('NFKC');
    const symbols = Array.from(
      normalized.length > 0 ? WORD_BOUNDARY + normalized.replace(/ /g, WORD_BOUNDARY) : '',
    );
    const best = new Array<number>(symbols.length + 1).fill(0);
    const ids = new Array<number>(symbols.length + 1).fill(0);
    // Pieces from each start, starts in order: every end sees its candidates by increasing start.
    for (let start = 0; start < symbols.length; start++) {
      let matched = false;
      let key = '';
      for (let end = start + 1; end <= symbols.length; end++) {
        key += symbols[end - 1];
        const piece = this.pieces.get(key);
        if (piece) {
          matched = true;
          this.relax(best, ids, end, best[start] + piece.score, piece.id);
        }
        if (!this.prefixes.has(key)) break;
      }
      if (!matched) this.relax(best, ids, start + 1, best[start], UNKNOWN_ID);
    }
    const backwards: number[] = [];
    for (let at = symbols.length; at > 0; at -= this.pieceLengths[ids[at]]) backwards.push(ids[at]);
    const merged: number[] = [];
    let previousUnknown = false;
    for (const id of backwards) {
      if (!(previousUnknown && id === UNKNOWN_ID)) merged.push(id);
      previousUnknown = id === UNKNOWN_ID;
    }
    return merged.reverse();
  }

  private relax(best: number[], ids: number[], end: number, score: number, id: number): void {
    if (best[end] === 0 || score >= best[end]) {
      best[end] = score;
      ids[end] = id;
    }
  }
}
